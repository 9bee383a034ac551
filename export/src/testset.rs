//! `grundy testset DIR --out OUT`: a test set of a problem package, written in a judge's
//! layout, that kills every wrong solution the package lists.
//!
//! First, for every solution expected to fail (`[[solutions]]`, or the files named
//! `wrong*`/`slow*`), its shrunk witness: `grundy check` of it with `--first`, the failure
//! shrunk with the solution in the loop — a tiny test that kills it. Then the random tests
//! over the size tiers and the adversarial ones (the statement's maxima). Every listed
//! solution is judged on every test, and `SUMMARY.md` says which solutions each test kills;
//! a wrong solution that no test kills is reported (exit 1). `--minimal` keeps the
//! maximal tests, the witnesses, and only the random tests needed to kill what they miss.
//!
//! Layouts: `plain` (`NN.in`, `NN.ans`), `polygon` (`tests/NN`, `tests/NN.a`, and the
//! package around them: [`crate::polygon`]), `kattis` (`data/sample/`, `data/secret/` with `.in`/`.ans`, and the
//! package around them: [`crate::kattis`]).

use crate::interactive_export::Interactor;
use crate::layout::Layout;
use grundy_check::options::Options;
use grundy_games::checker::Compare;
use grundy_judging::error::{Error, Outcome};
use grundy_judging::judge::{self, Verdict};
use grundy_judging::outln;
use grundy_judging::package::{self, Checker};
use grundy_judging::solutions::Solution;
use grundy_judging::suite::{Packaged, Suite};
use grundy_judging::workbench::{make, plan};
use grundy_sandbox::runner::{self, RunLimits};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// One test of the set.
struct Test {
    text: String,
    answer: Vec<u8>,
    how: String,
    size: usize,
    vertices: usize,
    /// A test at the statement's maxima (kept by `--minimal`).
    maximal: bool,
    /// A wrong solution's shrunk witness (kept by `--minimal`, never the sample).
    witness: bool,
    /// The command that regenerates it (`None` for a shrunk witness, and for an
    /// interactive package's games).
    command: Option<String>,
    /// The solutions it kills, with their verdicts.
    kills: Vec<(String, String)>,
    /// What the solutions expected to pass printed where grundy accepted it.
    accepted: Vec<(String, Vec<u8>)>,
}

/// What `grundy testset` is asked for.
#[derive(Clone, Debug)]
pub struct Request {
    /// The package folder.
    pub dir: PathBuf,
    /// Where the files go.
    pub out: PathBuf,
    /// Seed of the first random test.
    pub seed: u64,
    /// Random tests.
    pub count: usize,
    /// The judge's layout.
    pub layout: Layout,
    /// Keep only what kills the wrong solutions, and the maximal tests.
    pub minimal: bool,
    /// Time for finding and shrinking each wrong solution's witness.
    pub shrink_time: Duration,
    /// Where to write the test set as a page (`--report html FILE`).
    pub page: Option<PathBuf>,
}

/// The expected answer of an input's text (the package's references, or its engine); an
/// interactive package's tests have none (the interactor judges the games).
fn answer_of(pkg: &Packaged, text: &str) -> Result<Vec<u8>, Error> {
    if pkg.pkg.interact.is_some() {
        return Ok(Vec::new());
    }
    match pkg.pkg.engine {
        Some(engine) => {
            let cases = engine
                .parse(text.as_bytes(), false)
                .map_err(|e| Error::internal(format!("a witness does not parse: {e}")))?;
            Ok(judge::expected(engine, &cases)?.0)
        }
        None => {
            let inst = pkg
                .pkg
                .schema
                .read(text.as_bytes())
                .map_err(|e| Error::internal(format!("a witness does not parse: {e}")))?;
            Ok(package::expected(&pkg.pkg, &pkg.prep, &inst, text)?.0)
        }
    }
}

/// The size and the vertices of an input's text (zeros where it does not parse).
fn measure(pkg: &Packaged, text: &str) -> (usize, usize) {
    match pkg.pkg.engine {
        Some(engine) => engine
            .parse(text.as_bytes(), false)
            .map_or((0, 0), |cases| {
                (
                    cases.iter().map(|c| c.size()).sum(),
                    cases.iter().map(|c| c.vertices()).sum(),
                )
            }),
        None => pkg.pkg.schema.read(text.as_bytes()).map_or((0, 0), |i| {
            (pkg.pkg.schema.size(&i), pkg.pkg.schema.vertices(&i))
        }),
    }
}

/// The shrunk witness of each solution expected to fail (`None`: `grundy check` found
/// no failure).
fn witnesses<S: Suite>(
    suite: &S,
    pkg: &Packaged,
    r: &Request,
) -> Result<Vec<(Solution, Option<String>)>, Error> {
    let seed = r.seed;
    let mut out = Vec::new();
    for s in pkg.pkg.solutions.iter().filter(|s| s.expect.must_fail()) {
        eprintln!("\n== the witness of {} (expected: {})", s.name, s.expect);
        // Where `grundy check DIR` saves the solution's failures, so that the saved input
        // and the reproduce lines below outlive the run.
        let save = PathBuf::from("failures").join(grundy_check::matrix::folder_name(&s.name));
        std::fs::create_dir_all(&save).map_err(|e| Error::io(save.display(), e))?;
        let o = Options {
            cmd: vec![s.path.display().to_string()],
            lang: s.lang.clone(),
            seed,
            cases: 200,
            time: None,
            jobs: 1,
            only: None,
            no_adversarial: false,
            no_families: false,
            limits: pkg.pkg.limits,
            like: pkg.pkg.like,
            save,
            shrink_time: r.shrink_time,
            color: false,
            first: true,
            reports: Vec::new(),
            hunt: None,
            sanitize: false,
        };
        let (_, report) = grundy_check::one::run(suite, o)?;
        let saved = report
            .groups
            .first()
            .and_then(|g| g.get("saved"))
            .and_then(|p| p.as_str())
            .and_then(|p| std::fs::read_to_string(p).ok());
        out.push((s.clone(), saved));
    }
    Ok(out)
}

/// The verdict of a solution on a test, judged like `grundy check` judges it.
/// The verdict of a solution on a test, judged like `grundy check` judges it, and what
/// the solution printed.
fn verdict(
    pkg: &Packaged,
    argv: &[String],
    limits: &RunLimits,
    t: &Test,
) -> Result<(Verdict, Vec<u8>), Error> {
    if let Some(spec) = &pkg.pkg.interact {
        // The setter's interactor plays the test's games (a package without one is not
        // exported); its transcript is what the program "printed".
        let interactor = spec
            .interactor
            .as_ref()
            .ok_or_else(|| Error::internal("an interactive export without an interactor"))?;
        let played =
            grundy_judging::jury::referee(interactor, spec.convention, &t.text, argv, limits)
                .map_err(|e| grundy_judging::suite::play_error(e, &pkg.pkg.dir, None))?;
        return Ok((
            played.verdict,
            grundy_judging::jury::transcript_text(&played.transcript).into_bytes(),
        ));
    }
    let run = runner::run(argv, t.text.as_bytes(), limits);
    let v = match judge::classify(&run, limits)? {
        Some(v) => v,
        None => package::judge_output(&pkg.pkg, &pkg.prep, &t.text, &run.stdout, &t.answer)?,
    };
    Ok((v, run.stdout))
}

/// The request of a Kattis export: the package given a uuid when it had none (written
/// into its `problem.toml`, said), and its folder named by the problem's short name.
fn for_kattis(pkg: &mut Packaged, r: &Request) -> Result<Request, Error> {
    if let Some(uuid) = crate::kattis::give_uuid(&mut pkg.pkg)? {
        eprintln!(
            "{}: wrote `uuid = \"{uuid}\"` under [export] (Kattis knows the problem by it: keep it)",
            pkg.pkg.dir.join("problem.toml").display()
        );
    }
    let folder = crate::kattis::package_folder(&r.out, &pkg.pkg);
    if folder != r.out {
        eprintln!(
            "the package goes in {} (a Kattis judge knows a problem by its folder's name)",
            folder.display()
        );
    }
    Ok(Request {
        out: folder,
        ..r.clone()
    })
}

/// Judges every solution of the package on every test: which solutions each test kills,
/// and the outputs accepted (for the export to judge again). A solution meant not to
/// compile is judged by its compile alone; the names of those are returned.
fn judge_solutions(pkg: &Packaged, tests: &mut [Test]) -> Result<Vec<String>, Error> {
    let limits = pkg.pkg.limits;
    let mut not_compiled: Vec<String> = Vec::new();
    for s in &pkg.pkg.solutions {
        let argv = match grundy_sandbox::program::prepare_as(
            &[s.path.display().to_string()],
            s.lang.as_deref(),
        ) {
            Ok(p) => p.argv,
            Err(e)
                if e.kind() == grundy_sandbox::program::PrepareKind::Compile
                    && s.expect.met(Some("CE")) =>
            {
                eprintln!("{} does not compile, as expected (CE)", s.name);
                not_compiled.push(s.name.clone());
                continue;
            }
            Err(e) => return Err(Error::usage(format!("{}: {e}", s.name))),
        };
        eprintln!("judging {} on the {} tests", s.name, tests.len());
        for t in tests.iter_mut() {
            let (v, output) = verdict(pkg, &argv, &limits, t)?;
            if v != Verdict::Ok {
                t.kills.push((s.name.clone(), v.code().to_string()));
            } else if !s.expect.must_fail() {
                t.accepted.push((s.name.clone(), output));
            }
        }
    }
    Ok(not_compiled)
}

/// The games an interactive export plays again: each accepted solution (prepared) on
/// each test it passed, with the test's file name and text.
fn accepted_games<'t>(
    pkg: &Packaged,
    tests: &'t [Test],
    names: &'t [String],
) -> Result<Vec<crate::rejudge::Game<'t>>, Error> {
    let mut games = Vec::new();
    for (t, input) in tests.iter().zip(names) {
        for (name, _) in &t.accepted {
            let s = pkg.pkg.solutions.iter().find(|s| &s.name == name);
            let argv = s
                .map(|s| {
                    grundy_sandbox::program::prepare_as(
                        &[s.path.display().to_string()],
                        s.lang.as_deref(),
                    )
                    .map(|p| p.argv)
                })
                .transpose()?
                .unwrap_or_default();
            games.push((name.as_str(), argv, input.as_str(), t.text.as_str()));
        }
    }
    Ok(games)
}

/// Writes the test set.
pub fn run<S: Suite>(suite: &S, r: &Request) -> Result<Outcome, Error> {
    let mut pkg = Packaged::load(&r.dir)?;
    pkg.pkg.use_calibrated_limit()?;
    let kattis_out;
    let r = if r.layout.is_kattis() {
        kattis_out = for_kattis(&mut pkg, r)?;
        &kattis_out
    } else {
        r
    };
    eprintln!(
        "time limit: {} s CPU ({})",
        pkg.pkg.limits.time.as_secs_f64(),
        pkg.pkg.time_from
    );
    let interactor = crate::interactive_export::interactor_of(&pkg.pkg, r.layout.judge())?;
    let mut tests = collect_tests(suite, &pkg, r)?;
    // Which solutions each test kills; the right answers, for the export to judge again.
    let limits = pkg.pkg.limits;
    let not_compiled = judge_solutions(&pkg, &mut tests)?;
    if r.minimal {
        minimize(&mut tests, &pkg.pkg.solutions);
    }
    let names = write(&pkg, r, &tests, interactor.as_ref())?;
    let (outcome, lines) = expectations_met(&pkg, r, &tests, &not_compiled);
    if let Some(page) = &r.page {
        write_page(&pkg, page, &lines, &tests, &names)?;
    }
    if interactor.is_some() {
        let games = accepted_games(&pkg, &tests, &names)?;
        outln!(
            "{}",
            crate::rejudge::rejudge_interactive(r.layout, &r.out, &games, &limits)?
        );
        return Ok(outcome);
    }
    let outputs: Vec<crate::rejudge::Output> = tests
        .iter()
        .zip(&names)
        .flat_map(|(t, input)| {
            t.accepted
                .iter()
                .map(|(solution, bytes)| crate::rejudge::Output {
                    solution: solution.clone(),
                    input: input.clone(),
                    answer: answer_name(r.layout, input),
                    bytes: bytes.clone(),
                })
        })
        .collect();
    outln!("{}", crate::rejudge::rejudge(r.layout, &r.out, &outputs)?);
    Ok(outcome)
}

/// The answer file of the test whose input is `input`, in a layout.
fn answer_name(layout: Layout, input: &str) -> String {
    match layout {
        Layout::Polygon => format!("{input}.a"),
        _ => format!("{}.ans", input.strip_suffix(".in").unwrap_or(input)),
    }
}

/// The tests of the set before judging: the shrunk witness of each wrong solution, then
/// the plan's random and adversarial tests.
fn collect_tests<S: Suite>(suite: &S, pkg: &Packaged, r: &Request) -> Result<Vec<Test>, Error> {
    let mut tests: Vec<Test> = Vec::new();
    let found = witnesses(suite, pkg, r)?;
    for (s, text) in &found {
        if let Some(text) = text {
            let (size, vertices) = measure(pkg, text);
            tests.push(Test {
                answer: answer_of(pkg, text)?,
                how: format!("the shrunk witness of {}", s.name),
                size,
                vertices,
                text: text.clone(),
                maximal: false,
                witness: true,
                command: None,
                kills: Vec::new(),
                accepted: Vec::new(),
            });
        }
    }
    if pkg.pkg.interact.is_some() {
        tests.extend(interactive_tests(suite, pkg, r)?);
        return Ok(written_once(tests));
    }
    for t in plan(&pkg.pkg, r.seed, r.count) {
        let (text, answer, size, vertices) = make(pkg, &t)?;
        // An adversarial test's name says its shape already.
        let shape = match t.shape {
            Some(s) if !t.extreme => format!(", {}", s.name()),
            _ => String::new(),
        };
        tests.push(Test {
            text,
            answer,
            how: format!("{}{shape}", t.how),
            size,
            vertices,
            maximal: t.extreme,
            witness: false,
            // The package by its absolute path: regenerate.sh runs from anywhere.
            command: Some(t.command(&std::fs::canonicalize(&r.dir).unwrap_or(r.dir.clone()))),
            kills: Vec::new(),
            accepted: Vec::new(),
        });
    }
    Ok(written_once(tests))
}

/// The games of an interactive package, as `grundy check` plays them (the jury's
/// generator: with a built-in engine, sized by `[interact] max_vertices`): random ones over
/// the tiers, then the adversarial ones.
fn interactive_tests<S: Suite>(suite: &S, pkg: &Packaged, r: &Request) -> Result<Vec<Test>, Error> {
    let mut made: Vec<(S::Input, String, bool)> = Vec::new();
    for k in 0..r.count {
        let (input, how) = suite.random(
            r.seed,
            k as u64,
            grundy_judging::workbench::tier_of(k, r.count),
        )?;
        made.push((input, how, false));
    }
    for (k, name) in suite.adversarial().into_iter().enumerate() {
        made.push((
            suite.adversarial_input(k)?,
            format!("adversarial: {name}"),
            true,
        ));
    }
    Ok(made
        .into_iter()
        .map(|(input, how, maximal)| {
            let text = suite.write(&input);
            let (size, vertices) = measure(pkg, &text);
            Test {
                text,
                answer: Vec::new(),
                how,
                size,
                vertices,
                maximal,
                witness: false,
                command: None,
                kills: Vec::new(),
                accepted: Vec::new(),
            }
        })
        .collect())
}

/// The tests with identical inputs written once: the first keeps the others' ways of
/// being made in its `how` (a judge runs a duplicate for nothing, and a set of six copies
/// of one heap is not six tests).
fn written_once(tests: Vec<Test>) -> Vec<Test> {
    let mut out: Vec<Test> = Vec::new();
    let mut at: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut dropped = 0;
    for t in tests {
        match at.get(&t.text) {
            Some(&k) => {
                out[k].how = format!("{}; also {}", out[k].how, t.how);
                dropped += 1;
            }
            None => {
                at.insert(t.text.clone(), out.len());
                out.push(t);
            }
        }
    }
    if dropped > 0 {
        eprintln!(
            "{dropped} test{} identical to an earlier one, written once",
            if dropped == 1 { " was" } else { "s were" }
        );
    }
    out
}

/// A warning when the answer files of a package answering each start with one word are
/// not written one way: some hold several answers on one line and others one answer a line (a package whose rules answer the small tests
/// one a line and whose model prints one line; `[game] one_line` makes the rules follow
/// the statement). A comparison by tokens accepts both, but a judge's answer files are
/// read by people and other checkers too.
fn mixed_layouts(tests: &[Test]) -> Option<String> {
    let shape = |a: &[u8]| {
        let text = String::from_utf8_lossy(a);
        let lines = text.lines().filter(|l| !l.trim().is_empty()).count();
        let tokens = text.split_ascii_whitespace().count();
        match (lines, tokens) {
            (1, t) if t > 1 => Some(true),
            (l, t) if t > 1 && l == t => Some(false),
            _ => None,
        }
    };
    let (mut one_line, mut one_a_line) = (0, 0);
    for t in tests {
        match shape(&t.answer) {
            Some(true) => one_line += 1,
            Some(false) => one_a_line += 1,
            None => {}
        }
    }
    (one_line > 0 && one_a_line > 0).then(|| format!(
        "warning: the answer files mix two layouts: {one_line} hold several answers on one line, {one_a_line} one answer a line (the rules and the model print them differently; `[game] one_line = true` writes the rules' answers of one test case on one line)"
    ))
}

/// Says what the set did: every solution expected to fail must be killed, an OK one must
/// survive. The lines said, printed.
fn expectations_met(
    pkg: &Packaged,
    r: &Request,
    tests: &[Test],
    not_compiled: &[String],
) -> (Outcome, Vec<String>) {
    let mut wrong = Vec::new();
    for s in &pkg.pkg.solutions {
        let first = if not_compiled.contains(&s.name) {
            Some("CE")
        } else {
            tests
                .iter()
                .find_map(|t| t.kills.iter().find(|(n, _)| *n == s.name))
                .map(|(_, v)| v.as_str())
        };
        if !s.expect.met(first) {
            wrong.push(match first {
                None => format!("{} (expected {}) passes every test", s.name, s.expect),
                Some(v) => format!("{} (expected {}) gets {v}", s.name, s.expect),
            });
        }
    }
    let mut lines = vec![format!(
        "{} tests written to {} ({:?} layout{}); SUMMARY.md says which solutions each kills",
        tests.len(),
        r.out.display(),
        r.layout,
        if r.minimal { ", minimal" } else { "" }
    )];
    // What the judge's layout cannot carry, named before the count.
    let mut left = if r.layout.is_kattis() {
        crate::kattis::left_out(&pkg.pkg)
    } else {
        Vec::new()
    };
    // Where each start's answer is one word, a line of several is several starts'.
    let one_word_per_start = pkg.pkg.game.as_ref().is_some_and(|g| {
        use grundy_judging::rules_game::AnswerKind;
        g.per_start
            && matches!(
                g.answer,
                AnswerKind::Winner | AnswerKind::Outcome | AnswerKind::Value
            )
    });
    if one_word_per_start {
        left.extend(mixed_layouts(tests));
    }
    lines.extend(left.iter().cloned());
    let outcome = if wrong.is_empty() {
        let killed = pkg
            .pkg
            .solutions
            .iter()
            .filter(|s| s.expect.must_fail())
            .count();
        let unexported = pkg
            .pkg
            .solutions
            .iter()
            .filter(|s| s.expect.must_fail() && r.layout.is_kattis() && !crate::kattis::exported(s))
            .count();
        lines.push(format!(
            "every wrong solution ({killed}) is killed by the set{}, every correct one passes it",
            if unexported > 0 {
                format!(
                    " ({} of them exported to submissions/)",
                    killed.saturating_sub(unexported)
                )
            } else {
                String::new()
            }
        ));
        Outcome::Passed
    } else {
        lines.extend(wrong.iter().map(|w| format!("not as expected: {w}")));
        Outcome::Failed
    };
    for l in &lines {
        outln!("{l}");
    }
    (outcome, lines)
}

/// The page of the test set (`--report html FILE`): every test drawn, with what it kills.
fn write_page(
    pkg: &Packaged,
    path: &Path,
    lines: &[String],
    tests: &[Test],
    names: &[String],
) -> Result<(), Error> {
    let rows: Vec<crate::testset_html::Row<'_>> = tests
        .iter()
        .zip(names)
        .map(|(t, name)| crate::testset_html::Row {
            name,
            how: &t.how,
            size: t.size,
            vertices: t.vertices,
            kills: &t.kills,
            command: t.command.as_deref(),
            text: &t.text,
            svg: drawing(pkg, &t.text),
        })
        .collect();
    let html = crate::testset_html::page(&format!("grundy testset {}", pkg.pkg.name), lines, &rows);
    grundy_fuzzing::corpus::write_atomic(path, html.as_bytes())
        .map_err(|e| Error::io(path.display(), e))?;
    outln!("page: {}", path.display());
    Ok(())
}

/// A test's drawing: its input by the package's schema, or its engine's position.
fn drawing(pkg: &Packaged, text: &str) -> Option<String> {
    match pkg.pkg.engine {
        Some(engine) => match engine.parse(text.as_bytes(), false).ok()?.as_slice() {
            [one] => Some(grundy_draw::position_svg(one)),
            _ => None,
        },
        None => {
            let inst = pkg.pkg.schema.read(text.as_bytes()).ok()?;
            grundy_draw::instance_svg(&pkg.pkg.schema, &inst)
        }
    }
}

/// Keeps the maximal tests and the witnesses, then adds, for each wrong solution still
/// alive, the first other test that kills it.
fn minimize(tests: &mut Vec<Test>, solutions: &[Solution]) {
    let mut keep: Vec<bool> = tests.iter().map(|t| t.maximal || t.witness).collect();
    // A solution that does not compile is killed by none.
    for s in solutions
        .iter()
        .filter(|s| s.expect.must_fail() && !s.expect.met(Some("CE")))
    {
        let killed = |k: &Test| k.kills.iter().any(|(n, _)| *n == s.name);
        let already = tests.iter().zip(&keep).any(|(t, &k)| k && killed(t));
        if !already {
            if let Some(i) = tests.iter().position(killed) {
                keep[i] = true;
            }
        }
    }
    let mut k = keep.into_iter();
    tests.retain(|_| k.next().unwrap_or(false));
}

/// The checker program's source file in the package (copied beside the tests).
fn checker_file(pkg: &Packaged) -> Option<PathBuf> {
    match &pkg.pkg.checker {
        Checker::Program(argv) => argv.iter().rev().map(PathBuf::from).find(|p| p.is_file()),
        Checker::Builtin(_) => None,
    }
}

/// Writes `bytes` to `out/rel` (atomically, folders made).
fn put(out: &Path, rel: &str, bytes: &[u8]) -> Result<(), Error> {
    let path = out.join(rel);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| Error::io(parent.display(), e))?;
    }
    grundy_fuzzing::corpus::write_atomic(&path, bytes).map_err(|e| Error::io(path.display(), e))
}

/// Writes the test set in its layout: the tests, the checker, `regenerate.sh` and
/// `SUMMARY.md`.
fn write(
    pkg: &Packaged,
    r: &Request,
    tests: &[Test],
    interactor: Option<&Interactor>,
) -> Result<Vec<String>, Error> {
    let names = write_tests(r, tests)?;
    let inputs: Vec<&str> = tests.iter().map(|t| t.text.as_str()).collect();
    let own = crate::own_checker::for_package(pkg, &inputs)?;
    let checker = checker_file(pkg);
    let files = if r.layout.is_kattis() {
        crate::kattis::files(&pkg.pkg, checker.as_deref(), own.as_ref(), interactor)?
    } else if r.layout == Layout::Polygon {
        let samples: Vec<bool> = (0..tests.len())
            .map(|k| Some(k) == sample_of(tests))
            .collect();
        crate::polygon::files(
            &pkg.pkg,
            checker.as_deref(),
            own.as_ref(),
            interactor,
            &samples,
            width_of(tests),
        )?
    } else {
        plain_checker(checker.as_deref(), own.as_ref(), interactor)?
    };
    for f in &files {
        put(&r.out, &f.path, &f.bytes)?;
        if f.executable {
            make_executable(&r.out.join(&f.path));
        }
    }
    let (script, summary) = script_and_summary(pkg, tests, &names);
    put(&r.out, "regenerate.sh", script.as_bytes())?;
    put(&r.out, "SUMMARY.md", summary.as_bytes())?;
    if r.layout == Layout::Domjudge {
        put(
            &r.out,
            "domjudge-problem.ini",
            crate::kattis::domjudge_ini(&pkg.pkg).as_bytes(),
        )?;
        let zip = zip_path(&r.out);
        crate::kattis::zip_folder(&r.out, &zip)?;
        eprintln!("zipped for DOMjudge's import: {}", zip.display());
    }
    Ok(names)
}

/// `OUT.zip`, beside the folder OUT.
fn zip_path(out: &Path) -> PathBuf {
    let mut name = out
        .file_name()
        .map_or_else(|| "problem".into(), |n| n.to_os_string());
    name.push(".zip");
    out.with_file_name(name)
}

/// Writes every test (input and answer) in the layout; the input's name of each.
/// The digits of the tests' names (`01`, …).
fn width_of(tests: &[Test]) -> usize {
    tests.len().to_string().len().max(2)
}

/// The sample test (Kattis's `data/sample/`, Polygon's `sample="true"`): the smallest
/// random test (not a witness, which would give the trick away, nor a maximal one); none
/// when `--minimal` kept none.
fn sample_of(tests: &[Test]) -> Option<usize> {
    tests
        .iter()
        .enumerate()
        .filter(|(_, t)| !t.witness && !t.maximal)
        .min_by_key(|(_, t)| (t.size, t.text.len()))
        .map(|(k, _)| k)
}

fn write_tests(r: &Request, tests: &[Test]) -> Result<Vec<String>, Error> {
    let width = width_of(tests);
    let mut names = Vec::new();
    let sample = sample_of(tests);
    for (k, t) in tests.iter().enumerate() {
        let stem = format!("{:0width$}", k + 1);
        let (input, answer) = match r.layout {
            Layout::Plain => (format!("{stem}.in"), format!("{stem}.ans")),
            Layout::Polygon => (format!("tests/{stem}"), format!("tests/{stem}.a")),
            Layout::Kattis | Layout::Domjudge => {
                let folder = if Some(k) == sample {
                    "sample"
                } else {
                    "secret"
                };
                (
                    format!("data/{folder}/{stem}.in"),
                    format!("data/{folder}/{stem}.ans"),
                )
            }
        };
        put(&r.out, &input, t.text.as_bytes())?;
        put(&r.out, &answer, &t.answer)?;
        names.push(input);
    }
    Ok(names)
}

/// The checker of the plain layout, beside the tests: the package's checker program as
/// written, else grundy's own (`checker.py`) where a comparison of tokens or lines is not
/// how the package is judged.
fn plain_checker(
    checker: Option<&Path>,
    own: Option<&crate::own_checker::Own>,
    interactor: Option<&Interactor>,
) -> Result<Vec<crate::file::File>, Error> {
    use crate::own_checker::Own;
    if let Some(i) = interactor {
        return Ok(vec![crate::file::File {
            path: i.name(),
            bytes: i.bytes()?,
            executable: false,
        }]);
    }
    Ok(match (checker, own) {
        (Some(src), _) => {
            let name = src
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_else(|| "checker".into());
            let bytes = std::fs::read(src).map_err(|e| Error::io(src.display(), e))?;
            vec![crate::file::File {
                path: name,
                bytes,
                executable: false,
            }]
        }
        (None, None | Some(Own::Compare(Compare::Lines | Compare::Tokens))) => Vec::new(),
        (None, Some(own)) => crate::own_checker::python(own, ""),
    })
}

/// `regenerate.sh` (the commands of the generated tests) and `SUMMARY.md` (every test:
/// how it was made, its size, what it kills, its command).
fn script_and_summary(pkg: &Packaged, tests: &[Test], names: &[String]) -> (String, String) {
    let mut script = String::from(
        "#!/bin/sh\n# Regenerates the random and adversarial inputs of this test set (grundy gen is\n# deterministic); the shrunk witnesses are not generated: they are kept as they are.\n# It writes beside itself, wherever it is run from.\nset -e\ncd \"$(dirname \"$0\")\"\n",
    );
    let mut summary = format!(
        "# Test set of {}\n\nTime limit: {} s CPU ({}); the solutions were judged with it.\n\n| test | how | size | vertices | kills | command |\n|---|---|---|---|---|---|\n",
        pkg.pkg.name,
        pkg.pkg.limits.time.as_secs_f64(),
        pkg.pkg.time_from
    );
    for (t, name) in tests.iter().zip(names) {
        if let Some(cmd) = &t.command {
            let _ = writeln!(script, "{cmd} > {name}");
        }
        let kills = if t.kills.is_empty() {
            "-".to_string()
        } else {
            t.kills
                .iter()
                .map(|(n, v)| format!("{n} ({v})"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(
            summary,
            "| {name} | {} | {} | {} | {kills} | {} |",
            t.how,
            t.size,
            t.vertices,
            t.command.as_ref().map_or_else(
                || if t.witness {
                    "(kept as shrunk)"
                } else {
                    "(kept as made)"
                }
                .into(),
                |c| format!("`{c}`")
            )
        );
    }
    (script, summary)
}

fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    if let Ok(m) = std::fs::metadata(path) {
        let mut p = m.permissions();
        p.set_mode(p.mode() | 0o755);
        let _ = std::fs::set_permissions(path, p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test(text: &str, how: &str) -> Test {
        Test {
            text: text.into(),
            answer: Vec::new(),
            how: how.into(),
            size: 1,
            vertices: 0,
            maximal: false,
            witness: false,
            command: None,
            kills: Vec::new(),
            accepted: Vec::new(),
        }
    }

    /// Answer files of one answer a line beside others of several on one line are said;
    /// one layout (or single answers, which have none) is not.
    #[test]
    fn answer_files_of_two_layouts_are_said() {
        let answered = |a: &str| Test {
            answer: a.as_bytes().to_vec(),
            ..test("1\n", "random")
        };
        let mixed = [
            answered("First\nSecond\n"),
            answered("First Second First\n"),
        ];
        let said = mixed_layouts(&mixed).unwrap();
        assert!(
            said.contains("1 hold several answers on one line, 1 one answer a line"),
            "{said}"
        );
        let one = [
            answered("First Second\n"),
            answered("Second\n"),
            answered("First First\n"),
        ];
        assert_eq!(mixed_layouts(&one), None);
        let lines = [answered("First\nSecond\n"), answered("Second\n")];
        assert_eq!(mixed_layouts(&lines), None);
    }

    #[test]
    fn identical_tests_are_written_once_and_say_how_else_they_were_made() {
        let tests = vec![
            test("7\n", "the shrunk witness of wrong.py"),
            test("3\n", "random Small"),
            test("7\n", "random Small, chain"),
            test("7\n", "random Medium, star"),
        ];
        let once = written_once(tests);
        assert_eq!(once.len(), 2);
        assert_eq!(
            once[0].how,
            "the shrunk witness of wrong.py; also random Small, chain; also random Medium, star"
        );
        assert_eq!(once[1].text, "3\n");
    }
}
