//! Real statements: one answer per start of one input (`[game] per = "start"`), a judge's
//! own limits (`[judge] like`), exports to Kattis with no hand edit (the folder named by
//! the short name, a uuid written), the stub statement filled from what grundy knows, and
//! `grundy values`' families on a tree whose least size is 2. Needs g++ and python3.

use crate::common;

use common::{example, grundy, stderr};
use std::path::Path;

/// Take 1 or 2 stones from a heap; one game per heap of the input's array, in order.
const TAKE_12_PER_HEAP: &str = "def starts(case):\n    return [(h, h) for h in case.a]\n\ndef moves(h):\n    return [(k, h - k) for k in (1, 2) if k <= h]\n";

/// A package of `k` heaps on one line (1 ≤ k ≤ 5, 0 ≤ a ≤ 20) with these rules and extra
/// `[game]` keys (and whatever follows them).
fn heaps_package(rules: &str, game: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("problem.toml"),
        format!(
            "name = \"heaps\"\n[[input]]\nints = [\"k\"]\n[[input]]\narray = \"k\"\nvalues = \"a\"\n[limits]\nk = [1, 5]\na = [0, 20]\n[game]\nrules = \"rules.py\"\n{game}\n"
        ),
    )
    .unwrap();
    std::fs::write(dir.path().join("rules.py"), rules).unwrap();
    dir
}

/// `grundy solve DIR` on `input`: exit code, stdout and stderr.
fn solve(dir: &Path, input: &str) -> (Option<i32>, String, String) {
    let file = dir.join("input.txt");
    std::fs::write(&file, input).unwrap();
    let out = grundy().arg("solve").arg(dir).arg(&file).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr(&out),
    )
}

/// `grundy check DIR -- python3 sol.py` with `source` as sol.py: exit code and stderr.
fn check_python(dir: &Path, source: &str, args: &[&str]) -> (Option<i32>, String) {
    let sol = dir.join("sol.py");
    std::fs::write(&sol, source).unwrap();
    let save = tempfile::tempdir().unwrap();
    let out = grundy()
        .arg("check")
        .arg(dir)
        .args(args)
        .arg("--save")
        .arg(save.path())
        .args(["--", "python3"])
        .arg(&sol)
        .output()
        .unwrap();
    (out.status.code(), stderr(&out))
}

/// Every answer kind but `winning-starts` is given per start: one line per start, in the
/// order `starts(case)` lists them, a start listed twice answered twice.
#[test]
fn every_answer_kind_is_given_per_start() {
    // Heaps 4, 5, 3 and 4 again: take-1-or-2 values are h mod 3.
    let input = "4\n4 5 3 4\n";
    for (game, want) in [
        ("answer = \"winner\"", "First\nFirst\nSecond\nFirst\n"),
        ("answer = \"value\"", "1\n2\n0\n1\n"),
        (
            "answer = \"outcome\"\nwords = [\"W\", \"L\", \"D\"]",
            "W\nW\nL\nW\n",
        ),
        ("answer = \"winning-moves\"", "1\n2\n-1\n1\n"),
        ("answer = \"any-winning-move\"", "1\n2\n-1\n1\n"),
    ] {
        let dir = heaps_package(TAKE_12_PER_HEAP, &format!("{game}\nper = \"start\""));
        let (code, out, err) = solve(dir.path(), input);
        assert_eq!((code, out.as_str()), (Some(0), want), "{game}: {err}");
    }
    // A start's winning moves share its line, in natural order: from heaps 4 and 3 (one
    // start, moves labelled by heap and count), `1 1` and `2 2` leave a lost position.
    let two = "def starts(case):\n    return [(1, (case.a[0], case.a[1]))]\n\ndef moves(s):\n    out = []\n    for i in (0, 1):\n        for k in (1, 2):\n            if k <= s[i]:\n                t = list(s); t[i] -= k\n                out.append(((i + 1, k), tuple(t)))\n    return out\n";
    let dir = heaps_package(two, "answer = \"winning-moves\"\nper = \"start\"");
    let (code, out, err) = solve(dir.path(), "2\n4 3\n");
    assert_eq!((code, out.as_str()), (Some(0), "1 1 2 2\n"), "{err}");
}

/// A solution wrong on one start is caught, its message naming the start; a solution that
/// answers only the first start is told how many lines were expected.
#[test]
fn a_wrong_answer_per_start_is_caught_and_named() {
    let dir = heaps_package(TAKE_12_PER_HEAP, "answer = \"winner\"\nper = \"start\"");
    let right =
        "input()\nfor h in map(int, input().split()):\n    print('First' if h % 3 else 'Second')\n";
    let (code, err) = check_python(dir.path(), right, &["--cases", "30"]);
    assert_eq!(code, Some(0), "{err}");
    // Wrong on the last heap only, when there are several.
    let last = "input()\nhs = list(map(int, input().split()))\nfor i, h in enumerate(hs):\n    w = h % 3 != 0\n    if i == len(hs) - 1 and i > 0:\n        w = not w\n    print('First' if w else 'Second')\n";
    let (code, err) = check_python(dir.path(), last, &["--cases", "30", "--first"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("WA"), "{err}");
    // Only the first heap answered.
    let first = "input()\nh = int(input().split()[0])\nprint('First' if h % 3 else 'Second')\n";
    let (code, err) = check_python(dir.path(), first, &["--cases", "30", "--first"]);
    assert_eq!(code, Some(1), "{err}");
    // any-winning-move per start: a losing move names its start.
    let dir = heaps_package(
        TAKE_12_PER_HEAP,
        "answer = \"any-winning-move\"\nper = \"start\"",
    );
    let (code, out, _) = solve(dir.path(), "2\n4 5\n");
    assert_eq!((code, out.as_str()), (Some(0), "1\n2\n"));
    let always_one = "input()\nfor h in map(int, input().split()):\n    print(1 if h else -1)\n";
    let (code, err) = check_python(dir.path(), always_one, &["--cases", "30", "--first"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("start "), "the message names no start: {err}");
}

/// `per` is checked where it is written: a misspelt value, `per = "start"` with
/// `winning-starts`, and rules without `starts(case)`.
#[test]
fn per_start_is_refused_where_it_cannot_work() {
    let dir = heaps_package(TAKE_12_PER_HEAP, "per = \"sart\"");
    let (code, _, err) = solve(dir.path(), "1\n4\n");
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("did you mean `start`?") && err.contains("problem.toml:"),
        "{err}"
    );
    let dir = heaps_package(
        TAKE_12_PER_HEAP,
        "answer = \"winning-starts\"\nper = \"start\"",
    );
    let (code, _, err) = solve(dir.path(), "1\n4\n");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("already answers for every start"), "{err}");
    let plain = "def start(case):\n    return case.a[0]\n\ndef moves(h):\n    return [(k, h - k) for k in (1, 2) if k <= h]\n";
    let dir = heaps_package(plain, "per = \"start\"");
    let (code, _, err) = solve(dir.path(), "1\n4\n");
    assert_ne!(code, Some(0));
    assert!(err.contains("must define `starts(case)`"), "{err}");
}

/// `one_line = true`: every start's answer of a test case on one line, as most "answer
/// each query" statements print them; the rules' expected output follows, a solution
/// printing one line passes, one printing them one a line is told where; `one_line`
/// where it cannot work is refused.
#[test]
fn answers_per_start_share_one_line() {
    let game = "answer = \"value\"\nper = \"start\"\none_line = true";
    let dir = heaps_package(TAKE_12_PER_HEAP, game);
    let (code, out, err) = solve(dir.path(), "4\n4 5 3 4\n");
    assert_eq!((code, out.as_str()), (Some(0), "1 2 0 1\n"), "{err}");
    let right = "input()\nprint(*[h % 3 for h in map(int, input().split())])\n";
    let (code, err) = check_python(dir.path(), right, &["--cases", "30"]);
    assert_eq!(code, Some(0), "{err}");
    let lines = "input()\nfor h in map(int, input().split()):\n    print(h % 3)\n";
    let (code, err) = check_python(dir.path(), lines, &["--cases", "30", "--first"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("verdict: WA: line 1: expected '"), "{err}");
    for (game, why) in [
        (
            "per = \"start\"\none_line = true\nanswer = \"winning-moves\"",
            "must be one word",
        ),
        ("one_line = true", "needs `per = \"start\"`"),
        (
            "per = \"start\"\none_line = true\n[interact]\nside = \"choose\"",
            "prints no answers to put on one line",
        ),
    ] {
        let dir = heaps_package(TAKE_12_PER_HEAP, game);
        let (code, _, err) = solve(dir.path(), "1\n4\n");
        assert_eq!(code, Some(2), "{game}: {err}");
        assert!(err.contains(why), "{game}: {err}");
    }
}

/// An interactive jury plays one game per start, in order: a contestant that plays each
/// well passes; one that takes the wrong side on the second start is caught there.
#[test]
fn the_jury_plays_one_game_per_start() {
    let dir = heaps_package(
        TAKE_12_PER_HEAP,
        "per = \"start\"\n[interact]\nside = \"choose\"\nmove_time = 2.0",
    );
    let player = |wrong_second: bool| {
        format!(
            "import sys\nread = sys.stdin.readline\nread()\nhs = list(map(int, read().split()))\nfor j, h in enumerate(hs):\n    mine = h % 3 != 0\n    if {wrong_second} and j == 1:\n        mine = not mine\n    print('First' if mine else 'Second', flush=True)\n    while h > 0:\n        if mine:\n            k = h % 3 or 1\n            print(k, flush=True)\n        else:\n            k = int(read())\n        h -= k\n        mine = not mine\n",
            wrong_second = if wrong_second { "True" } else { "False" }
        )
    };
    let (code, err) = check_python(dir.path(), &player(false), &["--cases", "15"]);
    assert_eq!(code, Some(0), "{err}");
    let (code, err) = check_python(dir.path(), &player(true), &["--cases", "15", "--first"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("start 2"), "the message names no start: {err}");
}

/// Codeforces 1970 C3 written with its rules and no brute force: every solution gets its
/// expected verdict (the recursive one too, under Codeforces' stack), and each wrong one
/// is shrunk to 2 vertices.
#[test]
fn game_on_tree_hard_is_judged_from_its_rules() {
    let dir = example("game-on-tree-hard");
    let save = tempfile::tempdir().unwrap();
    let out = grundy()
        .arg("check")
        .arg(&dir)
        .args(["--cases", "30", "--first", "--no-families", "--save"])
        .arg(save.path())
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("judged like Codeforces: the stack as large as the memory limit"),
        "{err}"
    );
    assert!(err.contains("stack 256 MiB, memory 256 MiB"), "{err}");
    assert_eq!(err.matches("shrunk in").count(), 2, "{err}");
    for line in err.lines().filter(|l| l.starts_with("shrunk in")) {
        assert!(line.ends_with("to 2 vertices:"), "{line}");
    }
}

/// A 200,000-node path, node 1 at one end: the recursive accepted solution passes under
/// the Codeforces preset, and crashes under an 8 MiB stack, where the report says which
/// judges accept it and what to set.
#[test]
fn a_codeforces_preset_judges_a_deep_recursion_as_codeforces_does() {
    let dir = example("game-on-tree-hard");
    let cases = tempfile::tempdir().unwrap();
    let n = 200_000;
    let mut input = format!("{n} 3\n");
    for v in 1..n {
        input += &format!("{v} {}\n", v + 1);
    }
    input += &format!("1 {} {n}\n", n / 2);
    std::fs::write(cases.path().join("path.in"), &input).unwrap();
    // On a path of an even number of nodes, one side of every node leaves an odd number of
    // moves: Ron (first) always wins.
    std::fs::write(cases.path().join("path.out"), "Ron\nRon\nRon\n").unwrap();
    let recursive = dir.join("recursive.cpp");
    let replay = |extra: &[&str]| {
        grundy()
            .arg("replay")
            .arg(cases.path())
            .arg("--package")
            .arg(&dir)
            .args(extra)
            .arg("--")
            .arg(&recursive)
            .output()
            .unwrap()
    };
    let out = replay(&[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = replay(&["--stack", "8"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("RE"), "{err}");
    // `grundy check` under an 8 MiB stack: the RE group says a judge whose stack is as large
    // as its memory accepts it.
    let save = tempfile::tempdir().unwrap();
    let out = grundy()
        .arg("check")
        .arg(&dir)
        .args([
            "--stack",
            "8",
            "--cases",
            "0",
            "--no-families",
            "--shrink-time",
            "3",
            "--save",
        ])
        .arg(save.path())
        .arg("--")
        .arg(&recursive)
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("on Codeforces, AtCoder and Kattis, whose stack is as large as the memory limit, these pass"),
        "{err}"
    );
}

/// `[judge] like` sets the judge's memory and stack, explicit keys win over it, the
/// command line's `--ml` carries a stack as large as the memory along, and a misspelt
/// judge is refused at its key.
#[test]
fn judge_presets_set_the_limits_and_keys_override_them() {
    let header = |judge: &str, extra: &[&str]| {
        let dir = heaps_package(
            TAKE_12_PER_HEAP,
            &format!("per = \"start\"\n[judge]\n{judge}"),
        );
        let sol = dir.path().join("sol.py");
        std::fs::write(
            &sol,
            "input()\nfor h in map(int, input().split()):\n    print('First' if h % 3 else 'Second')\n",
        )
        .unwrap();
        let out = grundy()
            .arg("check")
            .arg(dir.path())
            .args(["--cases", "1", "--no-families", "--no-adversarial"])
            .args(extra)
            .args(["--", "python3"])
            .arg(&sol)
            .output()
            .unwrap();
        (out.status.code(), stderr(&out))
    };
    for (judge, want) in [
        ("like = \"codeforces\"", "stack 256 MiB, memory 256 MiB"),
        (
            "like = \"atcoder\"",
            "time limit 2 s CPU (2 s wall), stack 1024 MiB, memory 1 GiB",
        ),
        ("like = \"kattis\"", "stack 2048 MiB, memory 2 GiB"),
        (
            "like = \"codeforces\"\nstack = 64",
            "stack 64 MiB, memory 256 MiB",
        ),
        (
            "like = \"codeforces\"\nmemory = 512",
            "stack 512 MiB, memory 512 MiB",
        ),
        ("", "stack 8 MiB, memory 256 MiB"),
    ] {
        let (code, err) = header(judge, &[]);
        assert_eq!(code, Some(0), "{judge}: {err}");
        assert!(err.contains(want), "{judge}: {err}");
    }
    let (code, err) = header("like = \"codeforces\"", &["--ml", "128"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("stack 128 MiB, memory 128 MiB"), "{err}");
    let (code, err) = header("like = \"codeforce\"", &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("did you mean `codeforces`?") && err.contains("problem.toml:"),
        "{err}"
    );
}

/// A package exported to Kattis for the first time gets a uuid written into its
/// problem.toml (once: the second export keeps it) and lands in a folder named by its
/// short name; the stub statement says the limits and what to print for each start.
#[test]
fn a_kattis_export_needs_no_hand_edit() {
    let dir = heaps_package(
        TAKE_12_PER_HEAP,
        "per = \"start\"\nwords = [\"Alice\", \"Bob\"]\n[judge]\nlike = \"codeforces\"\n# the end of the file",
    );
    let out_parent = tempfile::tempdir().unwrap();
    let export = |out: &Path| {
        let o = grundy()
            .arg("testset")
            .arg(dir.path())
            .arg("--out")
            .arg(out)
            .args(["--layout", "kattis", "--count", "3"])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        stderr(&o)
    };
    let err = export(&out_parent.path().join("build"));
    assert!(err.contains("wrote `uuid = \""), "{err}");
    assert!(err.contains("the package goes in "), "{err}");
    let toml = std::fs::read_to_string(dir.path().join("problem.toml")).unwrap();
    let uuid_line = toml
        .lines()
        .find(|l| l.starts_with("uuid = "))
        .unwrap_or_else(|| panic!("{toml}"))
        .to_string();
    assert!(
        toml.contains("# the end of the file\n\n[export]\nuuid = "),
        "{toml}"
    );
    let folder = out_parent.path().join("build").join("heaps");
    let yaml = std::fs::read_to_string(folder.join("problem.yaml")).unwrap();
    let uuid = uuid_line.split('"').nth(1).unwrap();
    assert!(
        yaml.contains(&format!("uuid: {uuid}"))
            || yaml.contains(&format!("uuid: '{uuid}'"))
            || yaml.contains(&format!("uuid: \"{uuid}\"")),
        "{yaml}"
    );
    let tex = std::fs::read_to_string(folder.join("problem_statement/problem.en.tex")).unwrap();
    assert!(
        tex.contains(
            "Time limit: 2 s. Memory limit: 256 MiB. The stack may use all of the memory."
        ),
        "{tex}"
    );
    assert!(
        tex.contains("For each start, in the order the input gives them, print one line: \\texttt{Alice} if the player to move first from it wins, and \\texttt{Bob} otherwise."),
        "{tex}"
    );
    // Exported again, into a folder already named by the short name: the same uuid, no
    // new line, no folder inside.
    let err = export(&folder);
    assert!(!err.contains("wrote `uuid"), "{err}");
    assert!(!err.contains("the package goes in"), "{err}");
    let again = std::fs::read_to_string(dir.path().join("problem.toml")).unwrap();
    assert_eq!(again, toml);
    assert!(!folder.join("heaps").exists());
}

/// `grundy values` on a tree of at least 2 vertices shows the path families too (they
/// start at k = 2), and every start's value with `per = "start"`.
#[test]
fn values_show_the_path_families_from_the_least_size() {
    let out = grundy()
        .arg("values")
        .arg(example("game-on-tree-hard"))
        .args(["--size", "3", "--family", "8"])
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{report}{}", stderr(&out));
    assert!(
        report.contains(
            "a path of k vertices, the vertex array on its far end (vertex k, k - 1, …), k = 2..8: 1 0 1 0 1 0 1"
        ),
        "{report}"
    );
    assert!(
        report.contains("a star of k rays, the vertex array on its centre (vertex 1), k = 1..8:"),
        "{report}"
    );
    // An input with two rounds is valued per round.
    assert!(
        report.contains("(1, 0)") || report.contains("(0, 1)"),
        "{report}"
    );
}
