//! Problem packages end to end: every example of examples/problems/ — its correct solution
//! passes the whole plan (adversarial maximum inputs included), and every `wrong-*`
//! solution fails with its verdict and is shrunk to at most 8 vertices — plus the errors
//! of a broken package: a malformed problem.toml (file, line, column), a reference that
//! crashes, a generator whose output breaks the schema, a checker that fails. Needs g++
//! and python3.

use crate::common;

use common::{example, grundy, repo, stderr};

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
use std::path::{Path, PathBuf};
use std::process::Output;

/// A temporary folder for an export, named `short` (the problem's short name, as a Kattis
/// judge wants the folder named: grundy writes into it, not into a folder inside).
struct Out {
    _root: tempfile::TempDir,
    path: PathBuf,
}

impl Out {
    fn named(short: &str) -> Out {
        let root = tempfile::tempdir().unwrap();
        let path = root.path().join(short);
        std::fs::create_dir(&path).unwrap();
        Out { _root: root, path }
    }

    fn path(&self) -> &Path {
        &self.path
    }
}

fn check(dir: &Path, extra: &[&str], program: &[&str]) -> (Output, tempfile::TempDir) {
    let save = tempfile::tempdir().unwrap();
    let out = grundy()
        .arg("check")
        .arg(dir)
        .args(extra)
        .arg("--save")
        .arg(save.path())
        .arg("--")
        .args(program)
        .output()
        .unwrap();
    (out, save)
}

/// The vertex count of the shrunk failure as the report states it.
fn shrunk_vertices(report: &str) -> usize {
    let line = report
        .lines()
        .find(|l| l.starts_with("shrunk in"))
        .unwrap_or_else(|| panic!("no shrink line:\n{report}"));
    let after = line.rsplit(" to ").next().unwrap();
    after
        .split_whitespace()
        .find(|w| *w != "size")
        .and_then(|n| n.trim_end_matches(':').parse().ok())
        .unwrap_or_else(|| panic!("{line}"))
}

fn program_of(dir: &Path, file: &str) -> Vec<String> {
    let path = dir.join(file).display().to_string();
    if file.ends_with(".py") {
        vec!["python3".into(), path]
    } else {
        vec![path]
    }
}

/// Every example: the correct solution passes, each wrong one is caught and shrunk to at
/// most 8 vertices.
fn run_example(name: &str, verdict: &str) {
    run_example_within(name, verdict, 8)
}

/// Every example, by one `grundy check DIR` with no program: each solution of the package
/// gets the verdict its `[[solutions]]` entry expects (the matrix says `yes` on every
/// row); each failing one's first failure reads `verdict`, and it is shrunk to at most
/// `max` vertices (or a size of at most `max`); the saved inputs are valid.
fn run_example_within(name: &str, verdict: &str, max: usize) {
    run_example_with(name, verdict, max, &[])
}

/// [`run_example_within`] with more options for `grundy check`.
fn run_example_with(name: &str, verdict: &str, max: usize, extra: &[&str]) {
    let dir = example(name);
    let save = tempfile::tempdir().unwrap();
    let mut cmd = grundy();
    cmd.arg("check")
        .arg(&dir)
        // The family sweep is tested on its own (tests/e2e/check.rs); here it would run
        // every solution, Python ones included, on a hundred more inputs.
        .args(["--cases", "20", "--first", "--no-families", "--save"])
        .arg(save.path())
        .args(extra);
    if !extra.contains(&"--shrink-time") {
        cmd.args(["--shrink-time", "20"]);
    }
    let out = cmd.output().unwrap();
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{name}:\n{report}\n{err}");
    let rows: Vec<&str> = report
        .lines()
        .skip_while(|l| !l.starts_with("solutions of"))
        .skip(2)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert!(
        rows.len() >= 2,
        "{name}: a matrix of its solutions:\n{report}"
    );
    for row in rows {
        assert!(row.ends_with("yes"), "{name}: {row}\n{report}\n{err}");
        let failing = !row.contains(" -  ");
        if !failing {
            continue;
        }
        if row.contains("(WA)") || row.contains("(PE)") {
            assert!(
                err.contains(&format!("verdict: {verdict}")) || verdict != "WA",
                "{name}: {row}\n{err}"
            );
            let n = shrunk_vertices(&format!(
                "shrunk in 0 steps to {}",
                row.split(')').nth(1).unwrap_or("").trim()
            ));
            assert!(n <= max, "{name}: {row}: shrunk only to {n}");
        }
    }
    // Every saved input is valid for the package.
    let mut saved = 0;
    for sol in std::fs::read_dir(save.path()).unwrap() {
        let folder = sol.unwrap().path().join(name);
        let Ok(files) = std::fs::read_dir(&folder) else {
            continue;
        };
        for input in files
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "in"))
        {
            let v = grundy()
                .arg("validate")
                .arg(&dir)
                .arg(&input)
                .output()
                .unwrap();
            assert_eq!(v.status.code(), Some(0), "{}", stderr(&v));
            saved += 1;
        }
    }
    assert!(saved >= 1, "{name}: the failing inputs are saved");
}

#[test]
fn subtree_sum_example() {
    // Each shrink candidate runs the Python brute force too; the failing inputs (9 vertices
    // or so) are under 8 within a few runs, and a budget of 5 s (not 20) still reaches 4.
    run_example_with("subtree-sum", "WA", 8, &["--shrink-time", "5"]);
}

#[test]
fn node_kayles_example() {
    run_example_within("node-kayles", "WA", 6);
}

#[test]
fn tree_kayles_example() {
    run_example_within("tree-kayles", "WA", 6);
}

#[test]
fn chips_to_ancestors_example() {
    // Chips given as an array of vertices (`values = "vertex"`): the shrunk witness keeps
    // its chips on vertices of its (smaller) tree.
    // Without the adversarial inputs: four of 100,000 vertices, each run by the Python
    // model and three Python solutions.
    run_example_with("chips-to-ancestors", "WA", 6, &["--no-adversarial"]);
}

#[test]
fn tree_game_example() {
    // AGC010 F as written: the winning starts, an empty line for none, stones up to 10^9
    // (the rules answer the small ones, the model the rest); each wrong solution shrinks
    // to 2 vertices.
    // The matrix's page draws each wrong solution's witness.
    let page = tempfile::tempdir().unwrap();
    let html = page.path().join("matrix.html");
    run_example_with(
        "tree-game",
        "WA",
        2,
        &["--report", "html", html.to_str().unwrap()],
    );
    let text = std::fs::read_to_string(&html).unwrap();
    for wrong in [
        "wrong-not-strict.cpp: ",
        "wrong-minus-one.cpp: ",
        "wrong-short-stones.cpp: ",
    ] {
        assert!(text.contains(wrong), "{wrong} has no group on the page");
    }
    assert_eq!(text.matches("<figure class=\"drawn\">").count(), 3);
    // The matrix heads the page: each solution, what it was to get and what it got.
    let matrix = text.find("<h2>Every case</h2>").unwrap();
    assert!(matrix < text.find("<section class=\"group\"").unwrap());
    assert!(text.contains("<td>expected OK; got "), "{text}");
    assert!(text.contains(" WA, ") || text.contains(" WA<"), "{text}");
}

#[test]
fn misere_nim_example() {
    run_example_within("misere-nim", "WA", 6);
}

#[test]
fn chip_digraph_example() {
    run_example_within("chip-digraph", "WA", 6);
}

/// A package of one integer `n` (1 ≤ n ≤ 20) with these rules and extra `[game]` keys.
fn rules_package(rules: &str, game: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("problem.toml"),
        format!(
            "name = \"bad-rules\"\n[[input]]\nints = [\"n\"]\n[limits]\nn = [1, 20]\n[game]\nrules = \"rules.py\"\n{game}\n"
        ),
    )
    .unwrap();
    std::fs::write(dir.path().join("rules.py"), rules).unwrap();
    std::fs::write(dir.path().join("input.txt"), "4\n").unwrap();
    dir
}

/// `grundy solve` of the package on `4`: exit code, stdout and stderr.
fn solve_rules(dir: &Path) -> (Option<i32>, String, String) {
    let out = grundy()
        .arg("solve")
        .arg(dir)
        .arg(dir.join("input.txt"))
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr(&out),
    )
}

const TAKE_12: &str = "def start(case):\n    return case.n\n\ndef moves(h):\n    return [(k, h - k) for k in (1, 2) if k <= h]\n";

#[test]
fn rules_answers_every_kind() {
    // Take 1 or 2 from a heap of 4: value 4 mod 3 = 1, the winning move takes 1 (to 3).
    for (game, want) in [
        ("", "First\n"),
        ("answer = \"value\"", "1\n"),
        ("answer = \"winning-moves\"", "1\n"),
        ("answer = \"any-winning-move\"", "1\n"),
        (
            "answer = \"winner\"\nwords = [\"Alice\", \"Bob\"]",
            "Alice\n",
        ),
        // Misère: a player without a move wins, so 0 is won, 1 lost (its one move leaves
        // 0), 2 and 3 won (they can leave 1), 4 lost (it leaves 3 or 2, both won).
        ("play = \"misere\"", "Second\n"),
    ] {
        let dir = rules_package(TAKE_12, game);
        let (code, out, err) = solve_rules(dir.path());
        assert_eq!((code, out.as_str()), (Some(0), want), "{game}: {err}");
    }
}

/// `grundy check` of the package in `dir` on a Python solution of source `source` (written
/// as `sol.py` there): the exit code and stderr.
fn check_python(dir: &Path, source: &str, args: &[&str]) -> (Option<i32>, String) {
    let sol = dir.join("sol.py");
    std::fs::write(&sol, source).unwrap();
    let (out, _) = check(dir, args, &["python3", sol.to_str().unwrap()]);
    (out.status.code(), stderr(&out))
}

#[test]
fn any_winning_move_is_judged_by_playing_it() {
    let dir = rules_package(TAKE_12, "answer = \"any-winning-move\"");
    // Right: take n mod 3 stones, or -1 when n is a multiple of 3.
    let right = "n = int(input())\nprint(n % 3 if n % 3 else -1)\n";
    let (code, err) = check_python(dir.path(), right, &["--cases", "20"]);
    assert_eq!(code, Some(0), "{err}");
    // Wrong: always takes one stone.
    let (code, err) = check_python(
        dir.path(),
        "n = int(input())\nprint(1)\n",
        &["--cases", "20", "--first"],
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("does not win") || err.contains("no winning move"),
        "{err}"
    );
    // Not a move at all.
    let (_, err) = check_python(dir.path(), "print(7)\n", &["--cases", "5", "--first"]);
    assert!(err.contains("is not a move of the start position"), "{err}");
}

/// What the rules print while debugging is shown with their error, not lost.
#[test]
fn what_the_rules_print_is_shown_with_their_error() {
    let dir = rules_package(
        "import sys\ndef start(case):\n    print('looking at', case.n)\n    print('on stderr', file=sys.stderr)\n    return case.n\n\ndef moves(h):\n    raise ValueError('boom')\n",
        "",
    );
    let (code, _, err) = solve_rules(dir.path());
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("boom"), "{err}");
    assert!(
        err.contains("what the rules printed")
            && err.contains("looking at 4")
            && err.contains("on stderr"),
        "{err}"
    );
}

/// `--rules-stderr` shows what the rules print as they print it, in `solve` and `values`.
#[test]
fn rules_stderr_shows_what_the_rules_print() {
    let rules = format!("def start_hook(n):\n    print('start of', n)\n{TAKE_12}");
    let rules = rules.replace(
        "    return case.n",
        "    start_hook(case.n)\n    return case.n",
    );
    let dir = rules_package(&rules, "");
    let (code, out, err) = solve_rules(dir.path());
    assert_eq!((code, out.as_str()), (Some(0), "First\n"), "{err}");
    assert!(
        !err.contains("start of"),
        "kept quiet without the flag: {err}"
    );
    for args in [
        vec!["solve", "--rules-stderr"],
        vec!["values", "--rules-stderr", "--size", "3"],
    ] {
        let mut cmd = grundy();
        cmd.arg(args[0]).arg(dir.path());
        if args[0] == "solve" {
            cmd.arg(dir.path().join("input.txt"));
        }
        let o = cmd.args(&args[1..]).output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("start of "), "{args:?}: {}", stderr(&o));
    }
}

/// "Choose, then play" (AGC010 F's form): `starts(case)` lists the starts the first player
/// may choose, and `answer = "winning-starts"` prints every one from which the player to
/// move wins, on one line; `none = ""` an empty line when none does. A rules file and an
/// answer that do not go together are refused with what to write.
#[test]
fn winning_starts_are_the_first_players_choices() {
    // Start on a heap of k (1 ≤ k ≤ n) of take-1-or-2: the multiples of 3 lose.
    let choose = "def starts(case):\n    return [(k, k) for k in range(1, case.n + 1)]\n\ndef moves(h):\n    return [(k, h - k) for k in (1, 2) if k <= h]\n";
    let dir = rules_package(choose, "answer = \"winning-starts\"\nnone = \"\"");
    std::fs::write(dir.path().join("input.txt"), "7\n").unwrap();
    let (code, out, err) = solve_rules(dir.path());
    assert_eq!((code, out.as_str()), (Some(0), "1 2 4 5 7\n"), "{err}");
    // Every start a multiple of 3: none wins, an empty line.
    let lost = choose.replace("(k, k)", "(k, 3 * k)");
    let dir = rules_package(&lost, "answer = \"winning-starts\"\nnone = \"\"");
    let (code, out, err) = solve_rules(dir.path());
    assert_eq!((code, out.as_str()), (Some(0), "\n"), "{err}");
    // A solution that prints the losing starts instead is caught.
    let dir = rules_package(choose, "answer = \"winning-starts\"\nnone = \"\"");
    let (code, err) = check_python(
        dir.path(),
        "n = int(input())\nprint(*[k for k in range(1, n + 1) if k % 3 == 0])\n",
        &["--cases", "20", "--first"],
    );
    assert_eq!(code, Some(1), "{err}");
    // The answer without `starts`, and `starts` without the answer.
    let dir = rules_package(TAKE_12, "answer = \"winning-starts\"");
    let (code, _, err) = solve_rules(dir.path());
    assert_ne!(code, Some(0));
    assert!(err.contains("must define `starts(case)`"), "{err}");
    let dir = rules_package(choose, "answer = \"winner\"");
    let (code, _, err) = solve_rules(dir.path());
    assert_ne!(code, Some(0));
    assert!(err.contains("defines `starts(case)`"), "{err}");
}

/// `[export]`: a license Kattis does not know, one that needs its rights owner, and a
/// malformed UUID are refused at their key.
#[test]
fn export_keys_are_checked() {
    for (export, want) in [
        ("license = \"cc-by\"", "did you mean `cc by`?"),
        ("license = \"cc by\"", "names who holds its rights"),
        ("uuid = \"1234\"", "is not a UUID"),
    ] {
        let dir = rules_package(TAKE_12, &format!("[export]\n{export}"));
        let (code, _, err) = solve_rules(dir.path());
        assert_eq!(code, Some(2), "{export}: {err}");
        assert!(
            err.contains(want) && err.contains("problem.toml:"),
            "{export}: {err}"
        );
    }
}

/// `grundy values` on an array of chips: each family says where the chips stand (the far
/// end of a path: a heap of k - 1; its root: nothing to move), the chips are enumerated
/// once per multiset, and the header gives the size reached when the cap cuts it short.
#[test]
fn values_place_vertex_arrays_and_say_the_size_reached() {
    let dir = example("chips-to-ancestors");
    let out = grundy()
        .arg("values")
        .arg(&dir)
        .args(["--size", "3", "--family", "6"])
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{report}{}", stderr(&out));
    assert!(
        report.contains(
            "inputs (integers up to 3 above their minimum, trees up to 3 vertices, within the limits)"
        ),
        "{report}"
    );
    assert!(
        report.contains("a path of k vertices, the vertex array on its far end (vertex k, k - 1, …), k = 1..6: 0 1 2 3 4 5"),
        "{report}"
    );
    assert!(
        report.contains("the vertex array on its root (vertex 1), k = 1..6: 0 0 0 0 0 0"),
        "{report}"
    );
    let out = grundy()
        .arg("values")
        .arg(&dir)
        .args(["--size", "6", "--family", "2", "--max-inputs", "40"])
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        report.contains(
            "trees up to 6 vertices, within the limits), stopped at --max-inputs 40 at size 3"
        ),
        "{report}"
    );
}

/// `[game] small` caps the values the rules answer; it needs a model for the others and
/// names a misspelt limit with the nearest one.
#[test]
fn values_write_a_page_of_the_table_and_the_families() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("v.html");
    let out = grundy()
        .arg("values")
        .arg(example("subtraction"))
        .args(["--family", "16", "--report", "html"])
        .arg(&page)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).ends_with(&format!("page: {}\n", page.display())));
    let html = std::fs::read_to_string(&page).unwrap();
    // The table's rows are the text report's: values 0 to 3.
    for v in 0..=3 {
        assert!(html.contains(&format!("<tr><td>{v}</td>")), "{html}");
    }
    // k = 0..16 plotted, a point each, the period of 7 shaded; nothing fetched, no script.
    assert_eq!(html.matches("class=\"point\"").count(), 17);
    assert!(html.contains(">period 7</text>"));
    assert!(!html.contains("<script") && !html.contains("src="));
    let bad = grundy()
        .arg("values")
        .arg(example("subtraction"))
        .args(["--report", "json"])
        .arg(&page)
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("grundy values writes html"),
        "{}",
        stderr(&bad)
    );
}

#[test]
fn small_caps_need_a_model_and_a_known_limit() {
    for (extra, want) in [
        (
            "small = { n = [1, 3] }",
            "a `model` solution in [reference] must answer the others",
        ),
        (
            "small = { m = [1, 3] }\n[reference]\nmodel = \"m.py\"",
            "`m` is no limit of [limits] (the limits: n)",
        ),
    ] {
        let dir = rules_package(TAKE_12, extra);
        std::fs::write(dir.path().join("m.py"), "print('First')\n").unwrap();
        let (code, _, err) = solve_rules(dir.path());
        assert_eq!(code, Some(2), "{extra}: {err}");
        assert!(
            err.contains(want) && err.contains("problem.toml:"),
            "{extra}: {err}"
        );
    }
}

/// `none = ""`: an empty line is the answer where there is no winning move (AGC010 F's
/// form), for the winning moves and for any one winning move.
#[test]
fn an_empty_none_word_is_an_empty_line() {
    let dir = rules_package(TAKE_12, "answer = \"winning-moves\"\nnone = \"\"");
    std::fs::write(dir.path().join("input.txt"), "3\n").unwrap();
    let (code, out, err) = solve_rules(dir.path());
    assert_eq!((code, out.as_str()), (Some(0), "\n"), "{err}");
    let dir = rules_package(TAKE_12, "answer = \"any-winning-move\"\nnone = \"\"");
    // Right: n mod 3 stones, or an empty line when n is a multiple of 3.
    let right = "n = int(input())\nprint(n % 3 if n % 3 else '')\n";
    let (code, err) = check_python(dir.path(), right, &["--cases", "20"]);
    assert_eq!(code, Some(0), "{err}");
    // Wrong: an empty line where a move wins.
    let (code, err) = check_python(
        dir.path(),
        "n = int(input())\nprint('')\n",
        &["--cases", "20", "--first"],
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("(no winning move), but"), "{err}");
}

#[test]
fn bad_rules_are_the_packages_fault() {
    let cases: [(&str, &str, &str); 9] = [
        (
            "def start(case):\n    return case.n\n\ndef moves(h):\n    return [(1,)] if h else []\n",
            "",
            "a move must be a pair (label, next_state), not (1,)",
        ),
        (
            "def start(case):\n    return case.n\n\ndef moves(h):\n    return [(1, h - 1)] if h > 2 else 1 / 0\n",
            "",
            "ZeroDivisionError",
        ),
        (
            "def start(case):\n    return [case.n]\n\ndef moves(h):\n    return []\n",
            "",
            "cannot be hashed",
        ),
        (
            "def start(case):\n    return case.n\n\ndef moves(h):\n    return [('x', h - 1), ('x', h - 2)] if h > 1 else []\n",
            "",
            "same label `x`",
        ),
        (
            // Deeper in the tree (the heap of 2, not the start), and printed alike though
            // one label is an integer and the other a string.
            "def start(case):\n    return case.n\n\ndef moves(h):\n    return [(1, 1), ('1', 0)] if h == 2 else [(1, h - 1)] if h else []\n",
            "",
            "same label `1`",
        ),
        (
            // components() claims a heap splits into two equal halves: wrong.
            &format!("{TAKE_12}\ndef components(h):\n    return [h // 2, h - h // 2]\n"),
            "",
            "disagree with the search of the whole state",
        ),
        (
            "def start(case):\n    return case.n\n\ndef moves(h):\n    while True:\n        pass\n",
            "timeout = 1",
            "did not answer in time",
        ),
        (
            "def start(case):\n    return case.n\n\ndef moves(h):\n    return [(1, (h + 1) % 3)]\n",
            "",
            "not declared loopy",
        ),
        ("def start(case):\n    return 0\n", "", "defines no function `moves(state)`"),
    ];
    for (rules, game, want) in cases {
        let dir = rules_package(rules, game);
        let (code, _, err) = solve_rules(dir.path());
        assert_eq!(code, Some(2), "{want}: {err}");
        assert!(err.contains(want), "expected `{want}` in:\n{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // In a check, a rules fault is exit 2 (the package's), never a WA of the program.
    let dir = rules_package(
        "def start(case):\n    return [case.n]\n\ndef moves(h):\n    return []\n",
        "",
    );
    let (out, _) = check(
        dir.path(),
        &["--cases", "5"],
        &["python3", "-c", "print('First')"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

#[test]
fn diameters_example() {
    run_example("diameters", "WA");
}

/// Codeforces 1363 C as its statement writes it: `x = [1, "n"]`. The solution that looks
/// at vertex 1 instead of x is caught (x ≠ 1 is generated) and shrunk.
#[test]
fn game_on_leaves_example() {
    run_example_within("game-on-leaves", "WA", 4);
}

#[test]
fn any_winning_cut_example() {
    run_example("any-winning-cut", "WA: checker:");
}

#[test]
fn kayles_move_example() {
    run_example("kayles-move", "does not win");
}

#[test]
fn any_winning_move_exports_carry_grundy_s_checker_and_judge_themselves() {
    // kayles-move: several right answers; correct.py prints the largest winning vertex,
    // the answer files hold the smallest. Every layout carries a checker of the moves,
    // and testset re-judges correct.py's outputs with the checker as exported.
    let dir = example("kayles-move");
    for layout in ["kattis", "plain", "polygon"] {
        let out = Out::named("kaylesmove");
        let t = grundy()
            .arg("testset")
            .arg(&dir)
            .arg("--out")
            .arg(out.path())
            .args(["--count", "4", "--shrink-time", "2", "--layout", layout])
            .env_remove("GRUNDY_TESTLIB")
            .output()
            .unwrap();
        let said = stdout(&t);
        assert_eq!(t.status.code(), Some(0), "{layout}: {said}{}", stderr(&t));
        let (folder, judged) = match layout {
            "kattis" => (
                "output_validators/grundy/",
                "the export judged itself: the output validator output_validators/grundy (built, then run as Kattis runs it) accepts all ",
            ),
            "plain" => ("", "the export judged itself: checker.py accepts all "),
            _ => ("", "files/check.cpp not compiled: testlib.h is the judge's"),
        };
        assert!(said.contains(judged), "{layout}: {said}");
        if layout == "polygon" {
            let cpp = std::fs::read_to_string(out.path().join("files/check.cpp")).unwrap();
            assert!(cpp.contains("static const int MODE = MOVES;"));
            assert!(cpp.contains("static const char *NONE = \"-1\";"));
            continue;
        }
        if layout == "kattis" {
            let yaml = std::fs::read_to_string(out.path().join("problem.yaml")).unwrap();
            assert!(yaml.contains("validation: custom"), "{yaml}");
        }
        // The checker as exported: the wrong solution's move is rejected somewhere, with
        // the winning moves named; a move that is not one is WA, a broken line PE, an
        // input it was not written with is its own failure (3).
        let checker = out.path().join(format!("{folder}checker.py"));
        let inputs: Vec<PathBuf> = walk(out.path())
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .collect();
        let judge = |input: &Path, output: &str| {
            let o = out.path().join("output.txt");
            std::fs::write(&o, output).unwrap();
            let r = std::process::Command::new("python3")
                .env("PATH", common::path())
                .arg(&checker)
                .arg(input)
                .arg(&o)
                .arg(input.with_extension("ans"))
                .output()
                .unwrap();
            (r.status.code(), stderr(&r))
        };
        let wrong = inputs.iter().find_map(|i| {
            let printed = std::process::Command::new("python3")
                .env("PATH", common::path())
                .arg(dir.join("wrong-max-degree.py"))
                .stdin(std::fs::File::open(i).unwrap())
                .output()
                .unwrap();
            let (code, why) = judge(i, &stdout(&printed));
            (code == Some(1)).then_some(why)
        });
        let wrong = wrong.unwrap_or_else(|| panic!("{layout}: the checker kills nothing"));
        assert!(
            wrong.contains("does not win") || wrong.contains("`-1` was expected"),
            "{wrong}"
        );
        assert_eq!(judge(&inputs[0], "99\n").0, Some(1));
        assert_eq!(judge(&inputs[0], "1\n2\n").0, Some(2));
        let stranger = out.path().join("stranger.in");
        std::fs::write(&stranger, "1 0\n").unwrap();
        std::fs::write(stranger.with_extension("ans"), "1\n").unwrap();
        let (code, why) = judge(&stranger, "1\n");
        assert_eq!(code, Some(3), "{why}");
        assert!(why.contains("is not one of the tests"), "{why}");
    }
}

#[test]
fn an_interactive_package_is_exported_with_its_interactor() {
    // subtraction-interactor: the setter's testlib interactor. Kattis gets it as an
    // interactive output validator behind an adaptor, and testset plays the correct
    // solution's games again through the exported `run`; Polygon gets it in problem.xml.
    let dir = example("subtraction-interactor");
    let out = tempfile::tempdir().unwrap();
    let kattis = out.path().join("subtractioninteractor");
    let t = grundy()
        .arg("testset")
        .arg(&dir)
        .arg("--out")
        .arg(&kattis)
        .args(["--count", "4", "--shrink-time", "2", "--layout", "kattis"])
        .output()
        .unwrap();
    assert_eq!(t.status.code(), Some(0), "{}", stderr(&t));
    assert!(
        stdout(&t).contains("the export judged itself: the output validator output_validators/grundy (the interactor, built, then run as Kattis runs it) lets the correct solution (correct.py) win all "),
        "{}",
        stdout(&t)
    );
    let yaml = std::fs::read_to_string(kattis.join("problem.yaml")).unwrap();
    assert!(yaml.contains("validation: custom interactive"), "{yaml}");
    let run = std::fs::read_to_string(kattis.join("output_validators/grundy/run")).unwrap();
    assert!(run.contains("\"$1\" \"$3/tout.txt\""), "{run}");
    assert!(kattis
        .join("output_validators/grundy/interactor.py")
        .is_file());
    let tex = std::fs::read_to_string(kattis.join("problem_statement/problem.en.tex")).unwrap();
    assert!(tex.contains("\\section*{Interaction}"), "{tex}");
    // The wrong solution is killed by the set, as SUMMARY.md says.
    let summary = std::fs::read_to_string(kattis.join("SUMMARY.md")).unwrap();
    assert!(summary.contains("wrong-period-4.py (WA)"), "{summary}");

    let polygon = out.path().join("polygon");
    let t = grundy()
        .arg("testset")
        .arg(&dir)
        .arg("--out")
        .arg(&polygon)
        .args(["--count", "4", "--shrink-time", "2", "--layout", "polygon"])
        .output()
        .unwrap();
    assert_eq!(t.status.code(), Some(0), "{}", stderr(&t));
    let xml = std::fs::read_to_string(polygon.join("problem.xml")).unwrap();
    assert!(
        xml.contains(
            "<interactor>\n            <source path=\"files/interactor.py\" type=\"python.3\"/>"
        ),
        "{xml}"
    );
    assert!(polygon.join("files/interactor.py").is_file());
    let check = std::fs::read_to_string(polygon.join("files/check.cpp")).unwrap();
    assert!(check.contains("static const int MODE = INTERACTIVE;"));
    assert!(stderr(&t).contains("note: files/interactor.py is written as it is"));

    // grundy as the jury: no program a judge could run, so no export.
    let t = grundy()
        .arg("testset")
        .arg(example("node-kayles-interactive"))
        .arg("--out")
        .arg(out.path().join("nki"))
        .output()
        .unwrap();
    assert_eq!(t.status.code(), Some(2), "{}", stderr(&t));
    assert!(
        stderr(&t).contains(
            "grundy is the jury of this interactive package ([interact] names no interactor)"
        ),
        "{}",
        stderr(&t)
    );
    assert!(!out.path().join("nki").exists());
}

// Long (about 85 lines): one scenario, a package's inputs generated, validated, refused
// past the sum of N, and written as a test set, each step using the one before.
#[test]
fn gen_validate_and_testset_of_a_package() {
    let dir = example("diameters");
    let a = grundy()
        .arg("gen")
        .arg(&dir)
        .args(["--seed", "9", "--tier", "medium"])
        .output()
        .unwrap();
    let b = grundy()
        .arg("gen")
        .arg(&dir)
        .args(["--seed", "9", "--tier", "medium"])
        .output()
        .unwrap();
    assert_eq!(a.stdout, b.stdout, "same seed, same input");
    let input = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(input.path(), &a.stdout).unwrap();
    let v = grundy()
        .arg("validate")
        .arg(&dir)
        .arg(input.path())
        .output()
        .unwrap();
    assert_eq!(v.status.code(), Some(0), "{}", stderr(&v));
    // The sum of N is enforced: two test cases of 150,000 vertices are refused.
    let mut big = String::from("2\n");
    for _ in 0..2 {
        big += "150000\n";
        big += &(1..150000)
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        big += "\n";
    }
    std::fs::write(input.path(), big).unwrap();
    let v = grundy()
        .arg("validate")
        .arg(&dir)
        .arg(input.path())
        .output()
        .unwrap();
    assert_eq!(v.status.code(), Some(2));
    assert!(
        stderr(&v).contains("line 4: test case 2: the sum of n over the test cases reaches 300000"),
        "{}",
        stderr(&v)
    );
    // A test set: NN.in / NN.ans, the regeneration script and a summary.
    let out = tempfile::tempdir().unwrap();
    let t = grundy()
        .arg("testset")
        .arg(example("subtree-sum"))
        .arg("--out")
        .arg(out.path())
        .args(["--count", "4", "--shrink-time", "5"])
        .output()
        .unwrap();
    assert_eq!(t.status.code(), Some(0), "{}", stderr(&t));
    for f in [
        "01.in",
        "01.ans",
        "08.in",
        "08.ans",
        "regenerate.sh",
        "SUMMARY.md",
    ] {
        assert!(out.path().join(f).is_file(), "{f} missing");
    }
    let script = std::fs::read_to_string(out.path().join("regenerate.sh")).unwrap();
    let first = script
        .lines()
        .find(|l| l.starts_with("grundy gen"))
        .unwrap();
    // (The wrong solutions' shrunk witnesses come first and are kept as they are: the
    // first generated test follows them.)
    let (cmd, file) = first.split_once(" > ").unwrap();
    let args: Vec<&str> = cmd.split_whitespace().skip(1).collect();
    let again = grundy().args(&args).output().unwrap();
    assert_eq!(again.stdout, std::fs::read(out.path().join(file)).unwrap());
    // The script itself, run from another folder, writes the same files beside itself.
    let before = std::fs::read(out.path().join(file)).unwrap();
    std::fs::remove_file(out.path().join(file)).unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_grundy")).parent().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let ran = std::process::Command::new("sh")
        .arg(out.path().join("regenerate.sh"))
        .current_dir(elsewhere.path())
        .env(
            "PATH",
            format!(
                "{}:{}",
                bin.display(),
                std::env::var("PATH").unwrap_or_default()
            ),
        )
        .output()
        .unwrap();
    assert_eq!(ran.status.code(), Some(0), "{}", stderr(&ran));
    assert_eq!(std::fs::read(out.path().join(file)).unwrap(), before);
    let summary = std::fs::read_to_string(out.path().join("SUMMARY.md")).unwrap();
    assert!(
        summary.contains("the shrunk witness of wrong-int-overflow.cpp")
            && summary.contains("wrong-int-overflow.cpp (WA)"),
        "{summary}"
    );
}

/// `grundy testset` kills every wrong solution, in every layout: re-judged on the exported
/// files themselves, the wrong solution differs from some answer and the correct one
/// matches every answer; `--minimal` keeps fewer tests that still kill it.
#[test]
fn a_test_set_kills_every_wrong_solution_in_every_layout() {
    // The example with the limits it had before the statement's (n ≤ 40, k ≤ 6): the
    // layouts are tested here, not Python's speed on 100,000 vertices.
    let copy = tempfile::tempdir().unwrap();
    let dir = copy.path().join("chips-to-ancestors");
    std::fs::create_dir(&dir).unwrap();
    for f in std::fs::read_dir(example("chips-to-ancestors")).unwrap() {
        let f = f.unwrap().path();
        std::fs::copy(&f, dir.join(f.file_name().unwrap())).unwrap();
    }
    let toml = std::fs::read_to_string(dir.join("problem.toml")).unwrap();
    let small = toml
        .replace("n = [1, 100000]", "n = [1, 40]")
        .replace("k = [1, 100000]", "k = [1, 6]");
    assert_ne!(small, toml);
    std::fs::write(dir.join("problem.toml"), small).unwrap();
    // The limit `grundy time --save-limit` calibrated: every layout exports it and says so.
    std::fs::write(dir.join("time-limit.txt"), "3.5\n").unwrap();
    let run = |file: &str, input: &Path| {
        let out = std::process::Command::new("python3")
            .env("PATH", common::path())
            .arg(dir.join(file))
            .stdin(std::fs::File::open(input).unwrap())
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut sizes = Vec::new();
    for (layout, minimal, answer_of) in [
        (
            "polygon",
            false,
            (|p: &Path| PathBuf::from(format!("{}.a", p.display()))) as fn(&Path) -> PathBuf,
        ),
        // DOMjudge's layout is the Kattis package and more: both are checked on it.
        ("domjudge", false, |p: &Path| p.with_extension("ans")),
        ("plain", true, |p: &Path| p.with_extension("ans")),
    ] {
        let out = Out::named("chipstoancestors");
        let mut cmd = grundy();
        cmd.arg("testset")
            .arg(&dir)
            .arg("--out")
            .arg(out.path())
            .args(["--count", "6", "--shrink-time", "5", "--layout", layout]);
        if minimal {
            cmd.arg("--minimal");
        }
        let page = out.path().with_extension("html");
        if layout == "plain" {
            cmd.args(["--report", "html"]).arg(&page);
        }
        let t = cmd.output().unwrap();
        assert_eq!(t.status.code(), Some(0), "{layout}: {}", stderr(&t));
        assert!(
            stderr(&t).starts_with("time limit: 3.5 s CPU (calibrated by `grundy time`, saved in "),
            "{}",
            stderr(&t)
        );
        let summary = std::fs::read_to_string(out.path().join("SUMMARY.md")).unwrap();
        assert!(
            summary.contains("Time limit: 3.5 s CPU (calibrated by `grundy time`"),
            "{summary}"
        );
        let inputs: Vec<PathBuf> = walk(out.path())
            .into_iter()
            .filter(|p| match layout {
                "polygon" => {
                    p.parent().is_some_and(|d| d.ends_with("tests")) && p.extension().is_none()
                }
                _ => p.extension().is_some_and(|e| e == "in"),
            })
            .collect();
        assert!(inputs.len() >= 2, "{layout}: {inputs:?}");
        if layout == "plain" {
            // The page: a section per test, each drawn (a tree with its chips).
            let html = std::fs::read_to_string(&page).unwrap();
            let _ = std::fs::remove_file(&page);
            assert_eq!(
                html.matches("<section class=\"group test\"").count(),
                inputs.len()
            );
            assert_eq!(
                html.matches("<figure class=\"drawn\">").count(),
                inputs.len()
            );
            assert!(html.contains("(filled)</text>"), "{html}");
        }
        let mut killed = false;
        for input in &inputs {
            let answer = std::fs::read_to_string(answer_of(input)).unwrap();
            let answer = answer.split_whitespace().collect::<Vec<_>>().join(" ");
            assert_eq!(
                run("correct.py", input),
                answer,
                "{layout}: {}",
                input.display()
            );
            killed |= run("wrong-parity.py", input) != answer;
        }
        assert!(killed, "{layout}: the wrong solution survives the set");
        if layout == "domjudge" {
            assert!(out.path().join("data/sample").is_dir());
            assert!(out.path().join("data/secret").is_dir());
            // The package around the data: its name, no custom validation (the answers
            // are compared as they are), the limits, the solutions by expected verdict.
            let yaml = std::fs::read_to_string(out.path().join("problem.yaml")).unwrap();
            assert!(yaml.contains("name: \"chips-to-ancestors\""), "{yaml}");
            assert!(yaml.contains("folder of this package must be named chipstoancestors"));
            assert!(!yaml.contains("validation"), "{yaml}");
            assert!(
                yaml.contains(
                    "# The time limit (3.5 s, in .timelimit): calibrated by `grundy time`"
                ),
                "{yaml}"
            );
            assert_eq!(
                std::fs::read_to_string(out.path().join(".timelimit")).unwrap(),
                "3.5\n"
            );
            // The input validator from the schema, and a statement (a stub here).
            for f in ["run", "build", "validator.py", "schema.json"] {
                assert!(
                    out.path().join("input_validators/grundy").join(f).is_file(),
                    "{f}"
                );
            }
            let tex = std::fs::read_to_string(out.path().join("problem_statement/problem.en.tex"))
                .unwrap();
            assert!(tex.contains("\\problemname{chips-to-ancestors}"), "{tex}");
            assert!(tex.contains("$1 \\le \\mathit{n} \\le 40$"), "{tex}");
            assert!(out.path().join("submissions/accepted/correct.py").is_file());
            assert!(out
                .path()
                .join("submissions/wrong_answer/wrong-parity.py")
                .is_file());
            // Written into OUT itself, named by the short name already.
            assert!(
                !stderr(&t).contains("the package goes in"),
                "{}",
                stderr(&t)
            );
        }
        if layout == "polygon" {
            // problem.xml, read by Python's XML parser: the testset names every test (the
            // sample marked), the limits, the checker and the validator of grundy's own,
            // and the solutions by Polygon's tags, every file it names present.
            let read = std::process::Command::new("python3")
                .env("PATH", common::path())
                .args(["-c", r#"
import os, sys, xml.etree.ElementTree as ET
root = sys.argv[1]
x = ET.parse(os.path.join(root, "problem.xml")).getroot()
t = x.find("judging/testset[@name='tests']")
n = int(t.findtext("test-count"))
tests = t.findall("tests/test")
assert n == len(tests), (n, len(tests))
assert sum(1 for e in tests if e.get("sample") == "true") == 1
for i in range(1, n + 1):
    for pattern in ("input-path-pattern", "answer-path-pattern"):
        assert os.path.isfile(os.path.join(root, t.findtext(pattern) % i))
for s in x.iter("source"):
    assert os.path.isfile(os.path.join(root, s.get("path"))), s.get("path")
st = x.findall("statements/statement")
assert len(st) == 1 and st[0].get("type") == "application/x-tex", st
assert os.path.isfile(os.path.join(root, st[0].get("path"))), st[0].get("path")
print(x.get("short-name"), t.findtext("time-limit"), t.findtext("memory-limit"), x.find("assets/checker").get("name"),
      " ".join(s.get("tag") + ":" + s.find("source").get("path") for s in x.iter("solution")))
"#])
                .arg(out.path())
                .output()
                .unwrap();
            assert!(read.status.success(), "problem.xml: {}", stderr(&read));
            assert_eq!(
                String::from_utf8_lossy(&read.stdout).trim(),
                "chipstoancestors 3500 268435456 std::lcmp.cpp main:solutions/correct.py wrong-answer:solutions/wrong-parity.py wrong-answer:solutions/wrong-last-n.py"
            );
            let validator =
                std::fs::read_to_string(out.path().join("files/validator.cpp")).unwrap();
            assert!(
                validator.contains("\"limits 2 k 1 6 n 1 40\\n\""),
                "{validator}"
            );
            assert!(validator.contains("registerValidation"));
            let check = std::fs::read_to_string(out.path().join("files/check.cpp")).unwrap();
            assert!(check.contains("static const int MODE = LINES;"), "{check}");
            assert!(!out.path().join("files/testlib.h").exists());
            // The statement, whole and cut into Polygon's sections.
            let tex =
                std::fs::read_to_string(out.path().join("statements/english/problem.tex")).unwrap();
            assert!(
                tex.contains("\\begin{problem}{chips-to-ancestors}{standard input}{standard output}{3.5 seconds}{256 megabytes}"),
                "{tex}"
            );
            assert!(
                tex.contains("\\InputFile") && tex.contains("\\OutputFile"),
                "{tex}"
            );
            let sections = out.path().join("statement-sections/english");
            let input = std::fs::read_to_string(sections.join("input.tex")).unwrap();
            assert!(input.contains("$1 \\le \\mathit{n} \\le 40$"), "{input}");
            for f in ["name.tex", "legend.tex", "output.tex"] {
                assert!(sections.join(f).is_file(), "{f}");
            }
        }
        if layout == "domjudge" {
            // The Kattis tree with DOMjudge's ini, zipped beside the folder.
            let ini = std::fs::read_to_string(out.path().join("domjudge-problem.ini")).unwrap();
            assert!(
                ini.contains("short-name = chipstoancestors") && ini.contains("timelimit = 3.5"),
                "{ini}"
            );
            let zip = out.path().with_extension("zip");
            let listed = std::process::Command::new("python3")
                .env("PATH", common::path())
                .args(["-c", "import sys, zipfile; print('\\n'.join(zipfile.ZipFile(sys.argv[1]).namelist()))"])
                .arg(&zip)
                .output()
                .unwrap();
            let names = String::from_utf8_lossy(&listed.stdout).into_owned();
            for f in [
                "problem.yaml",
                "domjudge-problem.ini",
                ".timelimit",
                "data/sample/",
                "input_validators/grundy/run",
            ] {
                assert!(names.contains(f), "{f} not in {}:\n{names}", zip.display());
            }
            let _ = std::fs::remove_file(zip);
        }
        sizes.push(inputs.len());
    }
    assert!(
        sizes[2] < sizes[0],
        "--minimal keeps fewer tests: {sizes:?}"
    );
}

/// Every file under `dir`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out
}

fn package(toml: &str, files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("problem.toml"), toml).unwrap();
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

const TREE: &str = r#"
[[input]]
ints = ["n"]

[[input]]
tree = "n"

[limits]
n = [1, 50]
"#;

#[test]
fn a_malformed_problem_toml_names_file_line_and_column() {
    let cases: &[(&str, &str)] = &[
        ("[[input]]\nints = [\"n\"\n", "problem.toml:2:"),
        (
            "[[input]]\nints = [\"n\"]\n[[input]]\ntree = \"m\"\n[limits]\nn = [1, 5]\n",
            "problem.toml:3:1: input item 2: the vertex count `m`",
        ),
        (
            "[[input]]\nints = [\"n\"]\n[limits]\nn = [5, 1]\n[reference]\nmodel = \"m.py\"\n",
            "limits.n: [5, 1] is empty",
        ),
        (
            "[[input]]\nints = [\"n\"]\ncolour = 3\n",
            "problem.toml:3:1: unknown field `colour`",
        ),
        (
            "[[input]]\nints = [\"n\"]\n[limits]\nn = [1, 5]\n",
            "[reference]: expected a `model`",
        ),
        // An error points at its key: the third `[[solutions]]`'s `expect`, the
        // `answer` of `[game]` (with the word it misspells).
        (
            "[[input]]\nints = [\"n\"]\n[limits]\nn = [1, 5]\n[reference]\nmodel = \"m.py\"\n[[solutions]]\npath = \"m.py\"\nexpect = \"OK\"\n[[solutions]]\npath = \"m.py\"\nexpect = \"OK\"\n[[solutions]]\npath = \"m.py\"\nexpect = \"WAA\"\n",
            "problem.toml:15:1: solutions[3].expect:",
        ),
        (
            "[[input]]\nints = [\"n\"]\n[limits]\nn = [1, 5]\n[game]\nrules = \"m.py\"\nplay = \"normal\"\nanswer = \"wiener\"\n",
            "problem.toml:8:1: game.answer: `wiener` (did you mean `winner`?)",
        ),
    ];
    for (toml, expected) in cases {
        let dir = package(toml, &[("m.py", "print(1)\n")]);
        let out = grundy()
            .arg("check")
            .arg(dir.path())
            .args(["--", "true"])
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{toml}\n{err}");
        assert!(err.contains(expected), "expected `{expected}` in:\n{err}");
    }
}

/// A checker that never ends is stopped and said so in a sentence (its limits in words,
/// no empty parentheses), as the package's fault: exit 2, not a verdict on the program.
#[test]
fn a_slow_checker_is_the_package_s_fault_in_words() {
    let correct = "import sys\nprint(1)\n";
    let dir = package(
        &format!(
            "{TREE}\n[reference]\nmodel = \"model.py\"\n[checker]\nprogram = \"checker.py\"\ntime = 1\n"
        ),
        &[
            ("model.py", correct),
            ("checker.py", "import time\ntime.sleep(120)\n"),
            ("sol.py", correct),
        ],
    );
    let sol = dir.path().join("sol.py").display().to_string();
    let (out, _) = check(dir.path(), &["--cases", "1"], &["python3", &sol]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the checker failed")
            && err.contains(
                "it ran past 1 s of CPU time (or 2 s of wall time; `[checker] time` sets it)"
            ),
        "{err}"
    );
    assert!(!err.contains("()"), "{err}");
}

/// `--hunt-tle` on a package without a graph speaks of the dimension its input has (the
/// values of an array), not of vertices.
#[test]
fn the_hunt_names_the_dimension_the_input_has() {
    let dir = example("misere-nim");
    let out = grundy()
        .arg("check")
        .arg(&dir)
        .args([
            "--cases",
            "2",
            "--no-families",
            "--hunt-tle",
            "--hunt-time",
            "1",
        ])
        .args(["--color", "never", "--"])
        .arg(dir.join("correct.py"))
        .output()
        .unwrap();
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("hunting for a slow input of 6 values of a for 1 s"),
        "{err}"
    );
    assert!(!err.contains("vertices for"), "{err}");
}

/// A solution that reads `input.txt` unless `ONLINE_JUDGE` is defined (as accepted
/// Codeforces solutions do) is OK under `like = "codeforces"`, which compiles as
/// Codeforces does; without the preset it prints nothing, and the report names the file
/// and the line that opens it.
#[test]
fn a_preset_defines_its_judge_s_macros() {
    let model = "import sys\nn = int(sys.stdin.read().split()[0])\nprint(n - 1)\n";
    let sol = "#include <cstdio>\nint main() {\n#ifndef ONLINE_JUDGE\n    freopen(\"input.txt\", \"r\", stdin);\n#endif\n    int n;\n    if (scanf(\"%d\", &n) != 1) return 0;\n    printf(\"%d\\n\", n - 1);\n}\n";
    let cache = tempfile::tempdir().unwrap();
    for (judge, ok) in [("[judge]\nlike = \"codeforces\"\n", true), ("", false)] {
        let dir = package(
            &format!("{TREE}\n[reference]\nmodel = \"model.py\"\n{judge}"),
            &[("model.py", model), ("sol.cpp", sol)],
        );
        let sol = dir.path().join("sol.cpp").display().to_string();
        let out = grundy()
            .env("GRUNDY_CACHE", cache.path())
            .arg("check")
            .arg(dir.path())
            .args([
                "--cases",
                "3",
                "--first",
                "--shrink-time",
                "0",
                "--color",
                "never",
                "--",
                &sol,
            ])
            .output()
            .unwrap();
        let err = stderr(&out);
        if ok {
            assert!(out.status.success(), "{err}");
            assert!(
                err.contains("C and C++ compiled with -DONLINE_JUDGE"),
                "{err}"
            );
        } else {
            assert_eq!(out.status.code(), Some(1), "{err}");
            assert!(
                err.contains("hint: it printed nothing, and sol.cpp:4 opens the file `input.txt`"),
                "{err}"
            );
        }
    }
}

/// A package's checker is package code, jailed as a contestant's program is: the one of
/// `tests/hostile/checker_escapes.py` writes nothing on the host and reads nothing of it
/// (and, under `--sandbox none`, does both: the program tests something).
#[test]
fn a_package_s_checker_runs_in_a_jail_of_its_own() {
    let correct = "import sys\nn = int(sys.stdin.read().split()[0])\nprint(n - 1)\n";
    let host = tempfile::tempdir().unwrap();
    let target = host.path().join("written-by-the-checker");
    let secret = host.path().join("secret.txt");
    std::fs::write(&secret, "the host's\n").unwrap();
    let checker = std::fs::read_to_string(common::repo("tests/hostile/checker_escapes.py"))
        .unwrap()
        .replace("{write}", &target.display().to_string())
        .replace("{read}", &secret.display().to_string());
    let dir = package(
        &format!(
            "{TREE}\n[reference]\nmodel = \"model.py\"\n[checker]\nprogram = \"checker.py\"\n"
        ),
        &[
            ("model.py", correct),
            ("checker.py", &checker),
            ("sol.py", correct),
        ],
    );
    let sol = dir.path().join("sol.py").display().to_string();
    let (out, _) = check(dir.path(), &["--cases", "2"], &["python3", &sol]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("ESCAPED"), "{err}");
    assert!(!target.exists(), "the checker wrote on the host");
    let (out, _) = check(
        dir.path(),
        &["--cases", "2", "--sandbox", "none", "--shrink-time", "0"],
        &["python3", &sol],
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("ESCAPED: wrote"), "{err}");
    assert!(target.exists());
}

#[test]
fn a_broken_reference_checker_or_generator_is_the_package_s_fault() {
    let correct = "import sys\nn = int(sys.stdin.read().split()[0])\nprint(n - 1)\n";
    // A model solution that crashes: exit 2, never a WA of the contestant.
    let dir = package(
        &format!("{TREE}\n[reference]\nmodel = \"model.py\"\n"),
        &[("model.py", "raise SystemExit(3)\n"), ("sol.py", correct)],
    );
    let sol = dir.path().join("sol.py").display().to_string();
    let (out, _) = check(dir.path(), &["--cases", "3"], &["python3", &sol]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("the model solution failed"), "{err}");
    // A model and a brute force that disagree.
    let dir = package(
        &format!(
            "{TREE}\n[reference]\nmodel = \"model.py\"\nbrute = \"brute.py\"\nbrute_max = 50\n"
        ),
        &[
            ("model.py", correct),
            ("brute.py", "print(0)\n"),
            ("sol.py", correct),
        ],
    );
    let sol = dir.path().join("sol.py").display().to_string();
    let (out, _) = check(dir.path(), &["--cases", "3"], &["python3", &sol]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the model solution and the brute force disagree"),
        "{err}"
    );
    // A checker that fails (exit 3).
    let dir = package(
        &format!(
            "{TREE}\n[reference]\nmodel = \"model.py\"\n[checker]\nprogram = \"checker.sh\"\n"
        ),
        &[
            ("model.py", correct),
            ("checker.sh", "#!/bin/sh\necho broken >&2\nexit 3\n"),
            ("sol.py", correct),
        ],
    );
    std::process::Command::new("chmod")
        .arg("+x")
        .arg(dir.path().join("checker.sh"))
        .status()
        .unwrap();
    let sol = dir.path().join("sol.py").display().to_string();
    let (out, _) = check(dir.path(), &["--cases", "3"], &["python3", &sol]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the checker failed") && err.contains("broken"),
        "{err}"
    );
    // An external generator whose output breaks the schema: the validator's message.
    let dir = package(
        &format!(
            "{TREE}\n[reference]\nmodel = \"model.py\"\n[[generators]]\ncommand = \"python3 gen.py {{seed}} {{size}}\"\n"
        ),
        &[("model.py", correct), ("gen.py", "print(3)\nprint('1 2')\nprint('2 1')\n"), ("sol.py", correct)],
    );
    let sol = dir.path().join("sol.py").display().to_string();
    let (out, _) = check(dir.path(), &["--cases", "8"], &["python3", &sol]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("does not meet the schema") && err.contains("closes a cycle"),
        "{err}"
    );
}

#[test]
fn reports_are_coloured_only_when_asked_or_on_a_terminal() {
    let dir = example("any-winning-cut");
    let wrong = dir.join("wrong-xor-constant.cpp").display().to_string();
    let args = [
        "--cases",
        "5",
        "--no-adversarial",
        "--no-families",
        "--shrink-time",
        "5",
    ];
    let (out, _) = check(
        &dir,
        &[&args[..], &["--color", "always"]].concat(),
        &[&wrong],
    );
    assert!(stderr(&out).contains("\x1b[31m"), "{}", stderr(&out));
    let (out, _) = check(&dir, &args, &[&wrong]);
    assert!(
        !out.stderr.contains(&0x1b),
        "colour in a pipe:\n{}",
        stderr(&out)
    );
}

#[test]
fn builtin_checkers_follow_the_testlib_protocol() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    let input = write("in", "3\n1 2\n1 3\n");
    let answer = write("ans", "Bob\n");
    for (output, code) in [("Bob\n", 0), ("Alice\n", 1), ("Carol\n", 2)] {
        let out = write("out", output);
        let o = grundy()
            .arg("checker")
            .arg("agc017d")
            .args([&input, &out, &answer])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(code), "{output}: {}", stderr(&o));
    }
    // testlib's optional result file and -appes, as Polygon and Codeforces pass them.
    let out = write("out", "Alice\n");
    let result = dir.path().join("result.xml");
    let o = grundy()
        .arg("checker")
        .arg("agc017d")
        .args([&input, &out, &answer, &result])
        .arg("-appes")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let xml = std::fs::read_to_string(&result).unwrap();
    assert!(xml.contains("<result outcome = \"wrong-answer\">"), "{xml}");
    // The jury's fault is testlib's "fail" (3), never a verdict: a malformed answer, a
    // usage error.
    let bad = write("bad", "Maybe\n");
    let o = grundy()
        .arg("checker")
        .arg("agc017d")
        .args([&input, &out, &bad])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("the jury's answer"), "{}", stderr(&o));
    let o = grundy()
        .args(["checker", "agc017d"])
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
}

#[test]
fn builtin_problems_shipped_as_packages_use_grundy_s_engine() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let solutions = root.join("tests/solutions");
    let agc = root.join("problems/agc017d");
    let ok = solutions.join("agc017d_correct.cpp").display().to_string();
    let (out, _) = check(&agc, &["--cases", "30"], &[&ok]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mex = solutions.join("agc017d_mex.cpp").display().to_string();
    let (out, _) = check(
        &agc,
        &[
            "--cases",
            "30",
            "--no-adversarial",
            "--no-families",
            "--first",
        ],
        &[&mex],
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("by the oracle"), "{err}");
    assert!(shrunk_vertices(&err) <= 4, "{err}");
    let cot3 = root.join("problems/cot3");
    let wrong = solutions
        .join("cot3_missing_minus_one.cpp")
        .display()
        .to_string();
    let (out, _) = check(
        &cot3,
        &[
            "--cases",
            "30",
            "--no-adversarial",
            "--no-families",
            "--first",
        ],
        &[&wrong],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    // poj3710 and p2972 are engine-only packages: the built-in format, generators and
    // validator, judged exactly like `grundy check poj3710` / `p2972`.
    for (pkg, wrong, verdict) in [
        (
            "poj3710",
            "poj3710_cycle_is_one.py",
            "expected 'Sally', found 'Harry'",
        ),
        ("p2972", "p2972_mod_l.py", "WA"),
    ] {
        let dir = root.join("problems").join(pkg);
        let w = solutions.join(wrong).display().to_string();
        let (out, _) = check(
            &dir,
            &[
                "--cases",
                "20",
                "--no-adversarial",
                "--no-families",
                "--first",
            ],
            &[&w],
        );
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{pkg}: {err}");
        assert!(err.contains(verdict), "{pkg}: {err}");
        let g = grundy()
            .arg("gen")
            .arg(&dir)
            .args(["--seed", "4"])
            .output()
            .unwrap();
        let b = grundy()
            .arg("gen")
            .arg(pkg)
            .args(["--seed", "4"])
            .output()
            .unwrap();
        assert_eq!(
            g.stdout, b.stdout,
            "{pkg}: the package generates like the built-in"
        );
    }
}

/// The interactive example: grundy plays the jury. The correct solution passes (from
/// either side: it chooses the winning one); each wrong one gets its own verdict, shrunk
/// to a game on at most 6 vertices, with the game's transcript in the report.
#[test]
fn node_kayles_interactive_example() {
    let dir = example("node-kayles-interactive");
    let prog = program_of(&dir, "correct.py");
    let prog: Vec<&str> = prog.iter().map(|s| s.as_str()).collect();
    let (out, _) = check(&dir, &["--cases", "20"], &prog);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for (file, verdict) in [
        ("wrong-first-legal-move.py", "lost from a winning position"),
        ("wrong-always-first.py", "chose the losing side"),
        (
            "wrong-move-format.py",
            "PE: move 1: `take 1` is not shaped like a move",
        ),
        ("wrong-waits-for-a-reply.py", "TLE: silent on its turn"),
    ] {
        let prog = program_of(&dir, file);
        let prog: Vec<&str> = prog.iter().map(|s| s.as_str()).collect();
        // A short thinking time keeps the deadlocked runs short.
        let (out, save) = check(
            &dir,
            &[
                "--cases",
                "30",
                "--no-adversarial",
                "--no-families",
                "--first",
                "--tl",
                "0.5",
                "--wall-factor",
                "1",
            ],
            &prog,
        );
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{file}:\n{err}");
        assert!(
            err.contains(verdict),
            "{file}: expected `{verdict}`:\n{err}"
        );
        assert!(err.contains("the game ("), "{file}: a transcript:\n{err}");
        let n = shrunk_vertices(&err);
        assert!(n <= 6, "{file} shrunk only to {n} vertices:\n{err}");
        let saved = std::fs::read_dir(save.path().join("node-kayles-interactive"))
            .unwrap()
            .count();
        assert!(
            saved >= 3,
            "{file}: the input, the game and the output saved"
        );
        if file == "wrong-first-legal-move.py" {
            // The game move by move: a frame per position, each with the rules' state
            // and the input drawn, the vertex of the move played from it ringed.
            let steps = std::fs::read_dir(save.path().join("node-kayles-interactive"))
                .unwrap()
                .map(|e| e.unwrap().path())
                .find(|p| p.to_string_lossy().ends_with(".steps.html"))
                .expect("NAME.steps.html saved");
            let page = std::fs::read_to_string(steps).unwrap();
            let frames = page.matches("<div class=\"frame f").count();
            assert!(frames >= 2, "{page}");
            assert_eq!(page.matches("<pre class=\"state\">").count(), frames);
            assert_eq!(page.matches("class=\"ring\"").count(), frames - 1, "{page}");
            assert!(page.contains("frozenset("), "the rules' repr: {page}");
        }
    }
}

/// Green Hackenbush on a tree, interactive: every solution of the package gets its
/// verdict (the first legal move and the root's edges only: lost from a winning position;
/// waiting when it moves first: a deadlock, TLE; a vertex for an edge: PE), each shrunk
/// to at most 6 vertices. A short thinking time keeps the deadlocked runs short.
#[test]
fn hackenbush_interactive_example() {
    run_example_with(
        "hackenbush-interactive",
        "WA",
        6,
        &["--tl", "0.5", "--wall-factor", "2"],
    );
}

/// AGC017 D, interactive, judged by the built-in engine (no rules written): the correct
/// solution passes from both sides; the first legal move and the parent end for the child
/// end each lose a won game (WA), unflushed output deadlocks (TLE); each is shrunk to at
/// most 6 vertices.
#[test]
fn cut_interactive_example_is_judged_by_the_engine() {
    run_example_with(
        "cut-interactive",
        "WA",
        6,
        &["--tl", "0.5", "--wall-factor", "2"],
    );
}

#[test]
fn an_interactive_failure_of_a_builtin_game_is_drawn_move_by_move() {
    // The game of the shrunk witness, as a stepper: a frame per position, the move played
    // from it ringed; saved beside the witness and shown on the report page.
    let dir = example("cut-interactive");
    let pages = tempfile::tempdir().unwrap();
    let report = pages.path().join("r.html");
    let (out, save) = check(
        &dir,
        &["--first", "--report", "html", report.to_str().unwrap()],
        &[dir.join("wrong-first-legal-move.py").to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    let line = err
        .lines()
        .find(|l| l.starts_with("the game move by move ("))
        .unwrap_or_else(|| panic!("{err}"));
    let steps = PathBuf::from(line.rsplit(": ").next().unwrap());
    assert!(steps.starts_with(save.path()), "{line}");
    let page = std::fs::read_to_string(&steps).unwrap();
    let frames = page.matches("<div class=\"frame f").count();
    assert!(frames >= 2, "{page}");
    assert_eq!(page.matches("type=\"radio\"").count(), frames);
    assert!(page.contains("the start; next: `"), "{page}");
    // Every frame but the last rings the move played from it.
    assert_eq!(page.matches("class=\"ring\"").count(), frames - 1, "{page}");
    let report = std::fs::read_to_string(&report).unwrap();
    assert!(report.contains("<section class=\"steps\">"), "{report}");
}

/// The setter's own interactor (testlib's convention) judges the games instead of
/// grundy's jury: the correct solution passes, the wrong one gets the interactor's WA and
/// is shrunk to the least failing heap; an interactor that fails (exit 3) is the
/// package's fault (exit 2), never a verdict on the program.
#[test]
fn a_setters_interactor_judges_the_games() {
    run_example_within(
        "subtraction-interactor",
        "WA: the interactor: the contestant lost",
        6,
    );
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("problem.toml"),
        "name = \"broken\"\n[[input]]\nints = [\"n\"]\n[limits]\nn = [1, 9]\n[interact]\ninteractor = \"interactor.py\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("interactor.py"),
        "import sys\nsys.stderr.write('cannot read the input\\n')\nsys.exit(3)\n",
    )
    .unwrap();
    let (out, _) = check(
        dir.path(),
        &["--cases", "3"],
        &["python3", "-c", "print('First')"],
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("cannot read the input"), "{err}");
}

/// Hostile contestants cannot hang the jury or outlive it: one that never reads or
/// writes, one that floods a line that never ends, one that leaves a child holding the
/// pipes after it exits. Each gets a verdict within seconds.
#[test]
fn hostile_contestants_cannot_hang_the_jury() {
    let dir = example("node-kayles-interactive");
    for (prog, verdict) in [
        ("import time\ntime.sleep(60)\n", "TLE"),
        ("import sys\nwhile True:\n    sys.stdout.write('x' * 65536)\n", "PE"),
        (
            "import os, sys, time\nif os.fork() == 0:\n    time.sleep(60)\nelse:\n    print('First', flush=True)\n    os._exit(0)\n",
            "",
        ),
    ] {
        let started = std::time::Instant::now();
        let (out, _) = check(
            &dir,
            &["--cases", "2", "--no-adversarial", "--no-families", "--first", "--tl", "1", "--shrink-time", "5"],
            &["python3", "-c", prog],
        );
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{prog}:\n{err}");
        assert!(err.contains(&format!("verdict: {verdict}")), "{prog}:\n{err}");
        assert!(
            started.elapsed() < std::time::Duration::from_secs(40),
            "{prog}: took {:?}",
            started.elapsed()
        );
    }
}

/// `grundy check DIR` with no program: a wrong solution that the plan cannot catch (it
/// errs only on the heap of 999, which neither the 10 random inputs nor the hunt's 50
/// draw) is reported as weak tests, exit 1; the JSON report has a row per solution.
#[test]
fn a_wrong_solution_that_passes_means_weak_tests() {
    let dir = tempfile::tempdir().unwrap();
    let src = example("subtraction");
    std::fs::copy(src.join("rules.py"), dir.path().join("rules.py")).unwrap();
    std::fs::copy(src.join("correct.py"), dir.path().join("correct.py")).unwrap();
    std::fs::write(
        dir.path().join("problem.toml"),
        "name = \"weak\"\n[[input]]\nints = [\"n\"]\n[limits]\nn = [0, 1000]\n[game]\nrules = \"rules.py\"\nanswer = \"winning-moves\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("wrong-only-at-999.py"),
        "n = int(input())\nwins = [k for k in (1, 3, 4) if k <= n and (n - k) % 7 in (0, 2)]\nif n == 999:\n    wins = [1]\nprint(\"\\n\".join(map(str, wins)) if wins else -1)\n",
    )
    .unwrap();
    let json = dir.path().join("report.json");
    let out = grundy()
        .arg("check")
        .arg(dir.path())
        .args(["--cases", "10", "--report", "json"])
        .arg(&json)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(1), "{report}\n{}", stderr(&out));
    assert!(
        report.contains("wrong-only-at-999.py did not get its expected verdict (failing): weak tests: it passed all"),
        "{report}"
    );
    let rows: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let cases = rows["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 2, "{rows}");
    assert_eq!(cases[0]["status"], "pass");
    assert_eq!(cases[1]["status"], "fail");
}

/// `grundy harden`: grundy plays the contestant against the setter's interactor. The
/// example's interactor (it plays to win) accepts the perfect player and rejects every
/// weak one that gave it a won position; the weak interactor (it always takes 1) accepts a
/// weak player's blunder, is flagged (exit 1), and the test is shrunk to the heap of 5.
#[test]
fn harden_flags_a_weak_interactor_and_not_a_strong_one() {
    let dir = example("subtraction-interactor");
    let strong = grundy()
        .arg("harden")
        .arg(&dir)
        .args(["--cases", "8"])
        .output()
        .unwrap();
    assert_eq!(strong.status.code(), Some(0), "{}", stderr(&strong));
    let weak = grundy()
        .arg("harden")
        .arg(&dir)
        .args(["--cases", "8", "--interactor"])
        .arg(dir.join("weak-interactor.py"))
        .output()
        .unwrap();
    let err = stderr(&weak);
    assert_eq!(weak.status.code(), Some(1), "{err}");
    assert!(
        err.contains(
            "the interactor accepts a player of the first legal move that left it a won position"
        ),
        "{err}"
    );
    assert!(err.contains("to size 1:\n    5\n"), "{err}");
}

/// COT3, interactive, judged by the built-in engine: the correct solution (the COT3
/// recurrence in Python) passes from both sides; painting the smallest white vertex loses
/// a won game, shrunk to at most 6 vertices.
#[test]
fn paint_interactive_example_is_judged_by_the_engine() {
    run_example_with("paint-interactive", "WA", 6, &["--tl", "1"]);
}

/// `side = "told"`: the jury tells the contestant its side (the winning one) after the
/// tree; `move_time`: a contestant that thinks past it on one move is TLE for that move,
/// though its whole thinking time is far from spent.
#[test]
fn the_jury_tells_the_side_and_times_each_move() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("problem.toml"),
        "name = \"told\"\n[reference]\nengine = \"cut\"\n[interact]\nside = \"told\"\nmove_time = 0.5\nmax_vertices = 12\n",
    )
    .unwrap();
    let correct = std::fs::read_to_string(example("cut-interactive").join("correct.py")).unwrap();
    let told = correct.replace(
        "    mine = value() != 0\n    print(\"First\" if mine else \"Second\", flush=True)\n",
        "    mine = read().split() == [\"First\"]\n",
    );
    assert_ne!(told, correct, "the side is read, not printed");
    std::fs::write(dir.path().join("told.py"), &told).unwrap();
    let (out, _) = check(
        dir.path(),
        &["--cases", "30"],
        &["python3", &dir.path().join("told.py").display().to_string()],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let slow = told.replace(
        "            print(move, flush=True)",
        "            __import__(\"time\").sleep(1.5)\n            print(move, flush=True)",
    );
    std::fs::write(dir.path().join("slow.py"), &slow).unwrap();
    let (out, _) = check(
        dir.path(),
        &[
            "--cases",
            "10",
            "--first",
            "--no-adversarial",
            "--no-families",
            "--tl",
            "5",
            "--shrink-time",
            "10",
        ],
        &["python3", &dir.path().join("slow.py").display().to_string()],
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("no line came within the time per move (0.5 s)"),
        "{err}"
    );
    assert!(err.contains("> First") || err.contains("> Second"), "{err}");
}

/// `grundy harden` on a package whose game is a built-in engine (AGC017 D, no rules
/// written): the strong interactor is not flagged; the one that plays its first legal cut
/// is, on a tree of at most 6 vertices, with the game. `grundy check` of the package runs
/// its solutions against the setter's interactor.
#[test]
fn harden_knows_the_game_of_a_built_in_engine() {
    let dir = example("cut-interactor");
    let strong = grundy()
        .arg("harden")
        .arg(&dir)
        .args(["--cases", "10"])
        .output()
        .unwrap();
    assert_eq!(strong.status.code(), Some(0), "{}", stderr(&strong));
    let pages = tempfile::tempdir().unwrap();
    let page = pages.path().join("harden.html");
    let weak = grundy()
        .arg("harden")
        .arg(&dir)
        // The weak interactor loses only where a weak player leaves it a won position:
        // 4 of these 10 games (seed 1 has none in its first 30).
        .args(["--seed", "3", "--cases", "10", "--interactor"])
        .arg(dir.join("weak-interactor.py"))
        .args(["--report", "html"])
        .arg(&page)
        .output()
        .unwrap();
    let err = stderr(&weak);
    assert_eq!(weak.status.code(), Some(1), "{err}");
    // The page: a section per weakness shown (a repeat is one line), each with the shrunk
    // tree drawn and its game move by move, a frame per position.
    let html = std::fs::read_to_string(&page).unwrap();
    let shown = err.matches("shrunk in ").count();
    assert!(shown >= 1, "{err}");
    assert_eq!(
        html.matches("<section class=\"group weakness\"").count(),
        shown,
        "{html}"
    );
    assert_eq!(
        html.matches("class=\"repeat\"").count(),
        err.matches("the same weakness as test").count()
    );
    assert!(html.contains("the interactor accepts"), "{html}");
    assert_eq!(html.matches("<figure class=\"drawn\">").count(), shown);
    assert!(
        html.matches("<div class=\"frame f").count() >= 2 * shown,
        "{html}"
    );
    assert!(
        String::from_utf8_lossy(&weak.stdout).contains(&format!("page: {}", page.display())),
        "the page's path is said"
    );
    assert!(err.contains("the interactor does not play to win"), "{err}");
    let shrunk = err
        .lines()
        .find(|l| l.starts_with("weak interactor on test"))
        .unwrap_or_else(|| panic!("{err}"));
    let n: usize = shrunk
        .rsplit(" to ")
        .next()
        .and_then(|t| t.split_whitespace().next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("{shrunk}"));
    assert!(n <= 6, "{shrunk}");
    assert!(err.contains("< First") || err.contains("< Second"), "{err}");
    run_example_within(
        "cut-interactor",
        "WA: the interactor: the contestant lost",
        6,
    );
}

/// The Kattis convention for the setter's interactor (`convention = "kattis"`): run as
/// `INTERACTOR INPUT ANSWER FEEDBACK_DIR`, exit 42 accepted and 43 wrong answer, its
/// message in `FEEDBACK_DIR/judgemessage.txt`.
#[test]
fn a_kattis_interactor_judges_the_games() {
    let src = example("subtraction-interactor");
    let dir = tempfile::tempdir().unwrap();
    for f in ["correct.py", "wrong-period-4.py"] {
        std::fs::copy(src.join(f), dir.path().join(f)).unwrap();
    }
    // The example's testlib interactor, turned to Kattis's exit codes and feedback file.
    let testlib = std::fs::read_to_string(src.join("interactor.py")).unwrap();
    let kattis = testlib
        .replace(
            "def fail(code, why):\n    sys.stderr.write(why + \"\\n\")\n    sys.exit(code)",
            "def fail(code, why):\n    open(sys.argv[3] + \"/judgemessage.txt\", \"w\").write(why + \"\\n\")\n    sys.exit(43)",
        )
        .replace("open(sys.argv[2], \"w\").write(\"won\\n\")", "sys.exit(42)");
    assert_ne!(kattis, testlib, "the interactor was adapted");
    std::fs::write(dir.path().join("kattis.py"), kattis).unwrap();
    std::fs::write(
        dir.path().join("problem.toml"),
        "name = \"kattis\"\n[[input]]\nints = [\"n\"]\n[limits]\nn = [1, 100]\n[interact]\ninteractor = \"kattis.py\"\nconvention = \"kattis\"\n",
    )
    .unwrap();
    let out = grundy()
        .arg("check")
        .arg(dir.path())
        .args(["--cases", "10", "--first"])
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{report}\n{err}");
    // The interactor's own message, read from its feedback folder (the heap drawn
    // decides which of its messages: a lost game or a losing side chosen).
    assert!(
        err.contains("verdict: WA: the interactor: the contestant lost")
            || err.contains("verdict: WA: the interactor: chose the losing side"),
        "{err}"
    );
}

/// `grundy harden` on a package of several games per test (`[tests] count`): grundy's
/// player reads the count, then plays each case's game. The interactor that plays to win
/// passes; its weak mode (it takes 1 whenever it moves) is flagged and shrunk to one game.
#[test]
fn harden_plays_every_game_of_a_multi_test_package() {
    let dir = tempfile::tempdir().unwrap();
    // The interactor inside the package, where its wrapper script finds it: the package's
    // programs see the package's files, not the rest of the host.
    let interactor = dir.path().join("interactor.py");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/solutions/subtraction_multi_interactor.py"),
        &interactor,
    )
    .unwrap();
    let rules = example("subtraction").join("rules.py");
    std::fs::write(
        dir.path().join("problem.toml"),
        format!(
            "name = \"subtraction-multi\"\n\n[[input]]\nints = [\"n\"]\n\n[tests]\ncount = \"t\"\n\n[limits]\nt = [1, 3]\nn = [1, 40]\n\n[game]\nrules = {:?}\n\n[interact]\ninteractor = {:?}\n",
            rules.display().to_string(),
            interactor.display().to_string()
        ),
    )
    .unwrap();
    let weak = dir.path().join("weak.sh");
    std::fs::write(
        &weak,
        format!(
            "#!/bin/sh\nexec python3 '{}' \"$@\" weak\n",
            interactor.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&weak, std::fs::Permissions::from_mode(0o755)).unwrap();
    let strong = grundy()
        .arg("harden")
        .arg(dir.path())
        .args(["--cases", "8"])
        .output()
        .unwrap();
    assert_eq!(strong.status.code(), Some(0), "{}", stderr(&strong));
    let weak = grundy()
        .arg("harden")
        .arg(dir.path())
        .args(["--cases", "8", "--interactor"])
        .arg(&weak)
        .output()
        .unwrap();
    let err = stderr(&weak);
    assert_eq!(weak.status.code(), Some(1), "{err}");
    assert!(err.contains("that left it a won position at move"), "{err}");
    // Shrunk to one game: the count line `1`, then its heap.
    assert!(err.contains("to size 1:\n    1\n"), "{err}");
}

/// A contestant that never flushes waits on the jury while the jury waits on it: the game
/// stops once it has used no CPU time for a second (an idleness limit), not at the wall
/// backstop, and the verdict asks about flushing.
#[test]
fn a_contestant_that_never_flushes_is_stopped_idle_and_asked_about_flushing() {
    let dir = example("cut-interactive");
    let program = dir.join("wrong-no-flush.py").display().to_string();
    let (out, _) = check(
        &dir,
        &[
            "--cases",
            "6",
            "--no-adversarial",
            "--no-families",
            "--first",
            "--tl",
            "5",
            "--shrink-time",
            "2",
        ],
        &["python3", &program],
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("no line came while it used no CPU time for 1 s")
            && err.contains("does the program flush its output after each line?"),
        "{err}"
    );
    // The shown run's wall time: about the idleness limit, far below the 10 s backstop.
    let wall: f64 = err
        .split(" s wall (backstop 10 s)")
        .next()
        .and_then(|s| s.rsplit(", ").next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("a wall time: {err}"));
    assert!(wall < 4.0, "stopped when idle, not at the backstop: {err}");
}

/// One mistake, one group: a chip's height counted in vertices, on a package whose chips
/// are one query per line (`tests/packages/chips-per-line`), fails on small inputs, on
/// larger ones and on the family sweep alike; the larger failures shrink from their
/// smallest (a swept chain of a few vertices) down to the small group's size and join it.
#[test]
fn a_mistake_on_a_list_of_chips_is_one_group_with_a_tiny_witness() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/packages/chips-per-line");
    let wrong = dir.join("wrong-height.py");
    let (out, save) = check(
        &dir,
        &["--cases", "30", "--shrink-time", "10"],
        &["python3", wrong.to_str().unwrap()],
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("1 group of failures:"), "{err}");
    assert!(err.contains("the same failure, reported once"), "{err}");
    assert!(shrunk_vertices(&err) <= 6, "{err}");
    let saved: Vec<_> = std::fs::read_dir(save.path().join("chips-per-line"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "in")
        })
        .collect();
    assert_eq!(saved.len(), 1, "{err}");
}

/// The Kattis output validator around a testlib-convention checker (`any-winning-cut`'s
/// `checker.cpp`): `build` compiles it; `run INPUT ANSWER FEEDBACK_DIR < OUTPUT` exits 42
/// on a right answer, 43 on a wrong one, and 1 — a judge error, never a wrong answer —
/// when the checker fails (exit 3: here, an input it cannot read).
#[test]
fn the_kattis_output_validator_builds_and_maps_the_checker_s_exit_codes() {
    let out = Out::named("anywinningcut");
    let t = grundy()
        .arg("testset")
        .arg(example("any-winning-cut"))
        .arg("--out")
        .arg(out.path())
        .args(["--count", "3", "--shrink-time", "3", "--layout", "kattis"])
        .output()
        .unwrap();
    assert_eq!(t.status.code(), Some(0), "{}", stderr(&t));
    let yaml = std::fs::read_to_string(out.path().join("problem.yaml")).unwrap();
    assert!(yaml.contains("validation: custom"), "{yaml}");
    let v = out.path().join("output_validators/grundy");
    let build = std::process::Command::new(v.join("build"))
        .env("PATH", common::path())
        .output()
        .unwrap();
    assert!(build.status.success(), "{}", stderr(&build));
    let input = walk(&out.path().join("data/secret"))
        .into_iter()
        .find(|p| p.extension().is_some_and(|e| e == "in"))
        .unwrap();
    let answer = input.with_extension("ans");
    let judge = |input: &Path, output: &str| {
        let feedback = tempfile::tempdir().unwrap();
        let mut child = std::process::Command::new(v.join("run"))
            .env("PATH", common::path())
            .arg(input)
            .arg(&answer)
            .arg(feedback.path())
            .stdin(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write as _;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(output.as_bytes())
            .unwrap();
        let code = child.wait().unwrap().code();
        let error = std::fs::read_to_string(feedback.path().join("judgeerror.txt")).ok();
        (code, error)
    };
    let right = std::fs::read_to_string(&answer).unwrap();
    assert_eq!(judge(&input, &right), (Some(42), None));
    // No output at all is a wrong answer.
    assert_eq!(judge(&input, "").0, Some(43));
    // An input the checker cannot read: its failure (3) is the judge's error.
    let (code, error) = judge(&out.path().join("no-such-input"), &right);
    assert_eq!(code, Some(1));
    assert!(error.unwrap().contains("the checker exited with 3"));
}

/// A plan over an input space smaller than the plan: the subtraction game with one heap
/// size only. Each input is judged once; the repeats are counted and said, not run.
#[test]
fn an_input_drawn_again_is_not_judged_again() {
    let dir = tempfile::tempdir().unwrap();
    let from = example("subtraction");
    for f in ["rules.py", "correct.py"] {
        std::fs::copy(from.join(f), dir.path().join(f)).unwrap();
    }
    std::fs::write(
        dir.path().join("problem.toml"),
        "name = \"one-heap\"\n\n[[input]]\nints = [\"n\"]\n\n[limits]\nn = [5, 5]\n\n[game]\nrules = \"rules.py\"\nanswer = \"winning-moves\"\n",
    )
    .unwrap();
    let out = grundy()
        .args(["check"])
        .arg(dir.path())
        .args(["--cases", "40", "--color", "never", "--"])
        .arg(dir.path().join("correct.py"))
        .current_dir(dir.path())
        .output()
        .unwrap();
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("all 1 tests passed"),
        "{}{err}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        err.contains("of the plan's tests drew an input judged already and were not run again: 1 distinct inputs (the input space may hold no more)"),
        "{err}"
    );
}

/// An interactive contestant that never writes: after its first tests, each stopped by
/// the idleness limit, the rest of the plan is not run (each would wait the same way),
/// said with the count, and its group is not shrunk.
#[test]
fn a_silent_contestant_stops_the_plan_early() {
    let dir = tempfile::tempdir().unwrap();
    let silent = dir.path().join("silent.sh");
    std::fs::write(&silent, "#!/bin/sh\nexec sleep 37\n").unwrap();
    std::fs::set_permissions(&silent, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let out = grundy()
        .args(["check"])
        .arg(example("cut-interactive"))
        .args(["--cases", "2", "--color", "never", "--"])
        .arg(&silent)
        .current_dir(dir.path())
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("the program wrote nothing on its first 3 tests, each stopped by the idleness limit of 1 s: the other 50 tests of the plan were not run"),
        "{err}"
    );
    assert!(
        err.contains("not shrunk: the program wrote nothing on any test"),
        "{err}"
    );
    assert!(!err.contains("shrink to"), "{err}");
}

/// Many test cases in one input, at the statement's limits (`t ≤ 10^4` under a sum of
/// `n`): a solution that redoes a sieve for every test case is quick on inputs of one to
/// four test cases, which were all a plan drew. Every plan now holds the corners of the
/// test cases' count, so it is TLE on the most test cases; the witness names `t`, the
/// growth is measured over the test cases, and the reach table lists them. The right
/// solution passes the same corners.
#[test]
fn a_set_up_redone_per_test_case_is_caught_at_the_most_test_cases() {
    let dir = repo("tests/packages/nim-many-tests");
    for (sol, code) in [("sieve-per-test.cpp", 1), ("correct.cpp", 0)] {
        let out = grundy()
            .arg("check")
            .arg(&dir)
            .args(["--cases", "3", "--no-families", "--shrink-time", "0"])
            .args(["--color", "never", "--"])
            .arg(dir.join(sol))
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(code), "{sol}: {err}");
        assert!(
            err.contains("+ 5 adversarial") && err.contains("test cases 1–10,000"),
            "{sol}: {err}"
        );
        if code == 0 {
            assert!(!err.contains("never reached: test cases"), "{err}");
            continue;
        }
        assert!(
            err.contains(
                "TLE on test 4 (adversarial: t = 10000 × n = 1 (the most test cases, each the smallest)), size 10,000 in 10,000 test cases"
            ),
            "{err}"
        );
        // CPU time grows with t whatever the machine's speed; the series stops at a TLE
        // by t = 10000 at the latest (15 s of sieves).
        let growth = err
            .lines()
            .find(|l| l.starts_with("growth: "))
            .unwrap_or_default();
        assert!(
            growth.contains(" over the test cases (") && growth.contains("; stopped at t = "),
            "{err}"
        );
    }
}

/// `grundy gen --cases K` prints an input of exactly K test cases (the corners a test set
/// regenerates); on a package of one test case an input it is refused, naming why.
#[test]
fn gen_prints_the_test_cases_asked_for() {
    let dir = repo("tests/packages/nim-many-tests");
    let out = grundy()
        .arg("gen")
        .arg(&dir)
        .args(["--cases", "10000", "--extreme", "--size", "200000"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().next(), Some("10000"));
    // 10^4 test cases of 20 heaps each: the sum of n filled.
    assert_eq!(text.lines().nth(1), Some("20"));
    let out = grundy()
        .arg("gen")
        .arg(&dir)
        .args(["--cases", "3", "--lopsided", "--size", "1000"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().take(2).collect::<Vec<_>>(), ["3", "500"]);
    let out = grundy()
        .arg("gen")
        .arg(example("misere-nim"))
        .args(["--cases", "3"])
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(
            "its input is one test case (no [tests] in problem.toml), so --cases does not apply"
        ),
        "{err}"
    );
}
