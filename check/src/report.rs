//! The report, the last stage: each group announced, its witness (the shrink's result,
//! judged once more) saved with its drawing and printed with the verdict, the outputs
//! side by side, the notes the experiments gave (the stack re-runs, the threshold, the
//! growth of a TLE, the sanitized build's finding) and the commands that reproduce it;
//! then the table of the groups, the smallest witness first.

use crate::cause::{Cause, Stack};
use crate::group::Group;
use crate::judge::{Failure, Judge};
use crate::options::Options;
use crate::settle::{cause_of, SAMPLE};
use crate::shrink::{not_shrunk, witness, Shrunken, STALL};
use crate::text::{preview, reproduce_line, shell_quote, table};
use crate::verdict::JudgedBy;
use grundy_fuzzing::corpus;
use grundy_fuzzing::gen::TreeShape;
use grundy_judging::error::Error;
use grundy_judging::judge::Verdict;
use grundy_judging::output::escape_bytes;
use grundy_judging::suite::Suite;
use grundy_sandbox::contain;
use grundy_sandbox::runner::Run;
use std::time::Instant;

/// Lines of a failing input shown in a report (the whole input is in the saved file).
const PREVIEW_LINES: usize = 12;

/// What was found about one group, for the closing table and the JSON report.
struct Summary {
    label: String,
    tests: usize,
    first: u64,
    /// The witness's size ([`Inputs::size`](grundy_judging::suite::Inputs::size)), to show the smallest first.
    size: usize,
    shrunk: String,
    saved: String,
    notes: Vec<String>,
    /// Every failing test of the group, by index.
    failing: Vec<u64>,
    /// When the shrunk input did not fail again: its size, and the size of the input
    /// shown instead (the smallest that did).
    unconfirmed: Option<(String, String)>,
    /// The commands that reproduce the witness: the program on the saved input, and
    /// grundy on the group's first failing test.
    reproduce: Vec<String>,
}

/// Reports every group (in the order given: the smallest failing input first), with the
/// shrinks `join_larger` already made (`pre`, aligned with `groups`) and an equal share of
/// the time left to `end` for each other; then the table. The groups as JSON values.
pub(crate) fn report<S: Suite>(
    jd: &Judge<'_, S>,
    groups: Vec<Group<S::Input>>,
    mut pre: Vec<Option<Shrunken<S::Input>>>,
    end: Instant,
) -> Result<Vec<serde_json::Value>, Error> {
    let count = groups.len();
    let mut summaries = Vec::new();
    for (k, g) in groups.into_iter().enumerate() {
        if contain::interrupted() {
            break;
        }
        // An equal share of the time left for each group still to report.
        let left = end.saturating_duration_since(Instant::now());
        let deadline = Instant::now() + left / (count - k) as u32;
        eprintln!(
            "\n[{}/{count}] {}: {} failing test{} (shrink budget {:.0} s)",
            k + 1,
            g.label(),
            g.tests.len(),
            if g.tests.len() == 1 { "" } else { "s" },
            deadline
                .saturating_duration_since(Instant::now())
                .as_secs_f64()
        );
        let shrunk = pre[k].take();
        summaries.push(report_group(jd, g, shrunk, deadline)?);
    }
    // The table and the JSON list the smallest witness first.
    summaries.sort_by_key(|s| s.size);
    print_table(count, &summaries);
    Ok(summaries.into_iter().map(json).collect())
}

/// The closing table of the groups (when there are several, or notes to repeat), and each
/// group's notes under it.
fn print_table(count: usize, summaries: &[Summary]) {
    if count > 1 || summaries.iter().any(|s| !s.notes.is_empty()) {
        let rows: Vec<Vec<String>> = summaries
            .iter()
            .map(|s| {
                vec![
                    s.label.clone(),
                    s.tests.to_string(),
                    s.first.to_string(),
                    s.shrunk.clone(),
                    s.saved.clone(),
                ]
            })
            .collect();
        eprint!(
            "\n{} group{} of failures:\n{}",
            count,
            if count == 1 { "" } else { "s" },
            table(
                &["group", "tests", "test shown", "shrunk to", "saved"],
                &rows
            )
        );
        for s in summaries.iter().filter(|s| !s.notes.is_empty()) {
            for n in &s.notes {
                eprintln!("  {}: {n}", s.label);
            }
        }
    }
}

/// A group's summary as the JSON report lists it.
fn json(s: Summary) -> serde_json::Value {
    let mut g = serde_json::json!({
        "group": s.label,
        "tests": s.tests,
        "test": s.first,
        "failing_tests": s.failing,
        "shrunk_to": s.shrunk,
        "saved": s.saved,
        "notes": s.notes,
        "reproduce": s.reproduce,
    });
    // A shrunk input that did not fail again is no witness: the input shown is
    // the smallest that did.
    if let Some((not_again, shown)) = s.unconfirmed {
        g["shrunk_to"] = serde_json::Value::Null;
        g["shrunk_input_did_not_fail_again"] = not_again.into();
        g["smallest_failing"] = shown.into();
    }
    g
}

/// For a crash group, what the re-runs with an unlimited stack showed, and on how many of
/// its failing tests (`settle`: a sample when they agree).
fn stack_note(o: &Options, g: &Group<impl Sized>) -> Option<String> {
    let bytes = o.limits.stack?;
    let cap = o.limits.without_stack_limit().memory.unwrap_or(0);
    let signal = g.detail.verdict();
    let showed = match g.detail.stack {
        Stack::Fixed if o.limits.memory.is_none_or(|m| bytes < m) => {
            "OK (a deep recursion): on Codeforces, AtCoder and Kattis, whose stack is as large as the memory limit, these pass; `[judge] like = \"codeforces\"` (or `stack = …` in MiB) judges as they do".to_string()
        }
        Stack::Fixed => "OK (a deep recursion: a judge with a larger stack accepts it)".to_string(),
        Stack::NotFixed => format!(
            "still failing, its memory well below the {} cap (not a stack overflow)",
            grundy_judging::output::mib_text(cap)
        ),
        Stack::Unbounded => format!(
            "its memory grew to the {} cap and it still failed: an unbounded recursion, which no stack size cures",
            grundy_judging::output::mib_text(cap)
        ),
        Stack::Untried => return None,
    };
    let which = match g.rerun {
        (r, t) if g.banded => format!(
            "{r} of its {t} failing tests (the smallest of each shape and size band; each other test took the cause of its band's, from its first run)",
        ),
        (1, 1) => "its failing test".to_string(),
        (r, t) if r == t => format!("each of its {t} failing tests"),
        (r, t) if g.merged.is_some() => format!(
            "{r} of its {t} failing tests (the smallest on small inputs and on larger ones)"
        ),
        (1, t) => format!("the smallest of its {t} failing tests"),
        (r, t) if r <= SAMPLE => format!("the {r} smallest of its {t} failing tests"),
        (r, t) => format!(
            "{r} of its {t} failing tests (the {} smallest, and the smallest of each other shape)",
            SAMPLE
        ),
    };
    Some(format!(
        "{signal} with {} MiB stack; {which} re-run with an unlimited stack (memory capped at {}): {showed}",
        grundy_judging::output::with_article(bytes >> 20),
        grundy_judging::output::mib_text(cap),
    ))
}

/// After a TLE, how the program's time grows: over the test cases when the failing input
/// held many (more than four), else on the shape that failed (over the test cases for a
/// problem without trees).
fn growth_note<S: Suite>(
    jd: &Judge<'_, S>,
    detail: &Cause,
    shape: Option<TreeShape>,
    input: &S::Input,
) -> Option<String> {
    use grundy_judging::reach::{Dim, Reach};
    use grundy_judging::tle::{self, Axis};
    let Judge { suite, o, argv, .. } = *jd;
    if !detail.is_time_limit() {
        return None;
    }
    let mut reach = Reach::default();
    suite.measure(input, &mut reach);
    let many = reach.most(Dim::Cases).is_some_and(|k| k > 4);
    let axis = match (shape, tle::cases_axis(suite)) {
        (_, Some(cases)) if many => cases,
        (Some(s), _) => Axis::Shape(s),
        (None, cases) => cases?,
    };
    let g = tle::measure(suite, argv, &o.limits, &axis, 3, o.seed).ok()??;
    Some(g.line())
}

/// The program's name in the names of its saved failures (`mine.check-1-2.in`): the stem
/// of its file, or of the script an interpreter runs (`python3 sol.py` is `sol`).
fn program_label(cmd: &[String]) -> String {
    const RUNNERS: [&str; 10] = [
        "python3", "python", "pypy3", "pypy", "node", "java", "sh", "bash", "env", "mono",
    ];
    let stem = |w: &String| {
        std::path::Path::new(w)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let first = cmd.first().map(stem).unwrap_or_default();
    let named = if RUNNERS.contains(&first.as_str()) || first.starts_with("python") {
        cmd.iter().skip(1).find(|w| !w.starts_with('-')).map(stem)
    } else {
        None
    };
    let label: String = named
        .unwrap_or(first)
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if label.is_empty() {
        "program".into()
    } else {
        label
    }
}

/// Shrinks, examines, saves and prints one group's representative (`pre`: already
/// shrunk).
fn report_group<S: Suite>(
    jd: &Judge<'_, S>,
    g: Group<S::Input>,
    pre: Option<Shrunken<S::Input>>,
    deadline: Instant,
) -> Result<Summary, Error> {
    let Judge { suite, o, .. } = *jd;
    let (label, main_shape) = (g.label(), g.main_shape());
    // One test number for the finding everywhere: the test announced and shrunk (the
    // group's smallest failing test), which names the saved file and which `--case`
    // brings back.
    let (tests, first_index) = (g.tests.len(), g.first.test.index);
    let mut failing = g.tests.clone();
    failing.sort_unstable();
    announce(suite, &g.first);
    let mut notes = Vec::new();
    say(&mut notes, g.merged.clone());
    say(&mut notes, stack_note(o, &g));
    let detail = g.detail.clone();
    let w = group_witness(jd, &g, pre, deadline);
    say(&mut notes, w.note.clone());
    let w_shrink = ShrinkRun {
        steps: w.shrunk.steps,
        tries: w.shrunk.tries,
        cut_short: w.cut_short,
        stalled: w.stalled,
        kept: w.kept,
    };
    let (mut finding, confirmed) = confirm(jd, g, w.input, w.start);
    gloss(detail.stack, &mut finding.verdict);
    // A growth of CPU time tells something only of a run that ran out of CPU time (not of
    // one that slept, or waited on a line that never came).
    let cpu_bound = finding.run.cpu * 2 >= o.limits.time;
    say(
        &mut notes,
        growth_note(jd, &detail, main_shape, &finding.input).filter(|_| cpu_bound),
    );
    let text = suite.write(&finding.input);
    let saved = save(jd, &finding, &text, first_index);
    let shrunk_line = shrunk_line(suite, &finding, &text, &w_shrink, &confirmed);
    let (body, saved_name) = finding_text(jd, &finding, &saved.saved, first_index);
    eprint!("{shrunk_line}");
    if let Some(tree) = &saved.tree {
        eprint!(
            "the tree, from vertex 1:\n{}",
            grundy_judging::output::indent(tree, 4)
        );
    }
    eprint!("{body}");
    saved.print_beside();
    // A crash explained at its line: the witness on the sanitized build.
    if matches!(finding.verdict, Verdict::Runtime(_)) {
        if let Some(note) = crate::sanitized::explain(suite, o, &jd.memo.sanitized, &finding.input)
        {
            eprintln!("{note}");
            notes.push(note.lines().next().unwrap_or_default().to_string());
        }
    }
    let shown = suite.describe(&finding.input);
    let unconfirmed = confirmed.did_not_fail_again().map(|s| (s, shown.clone()));
    Ok(Summary {
        label,
        tests,
        failing,
        first: first_index,
        size: suite.size(&finding.input),
        shrunk: match &unconfirmed {
            None => shown,
            Some((_, shown)) => format!("did not fail again; smallest failing: {shown}"),
        },
        reproduce: reproduce_commands(jd, &finding, &saved.saved, first_index),
        saved: saved_name,
        notes,
        unconfirmed,
    })
}

/// A group's witness: the shrink `join_larger` made (`pre`), else none for a failure a
/// shrink would only chase (a program silent on every test, a stop by the wall clock),
/// else the threshold and the shrink.
fn group_witness<S: Suite>(
    jd: &Judge<'_, S>,
    g: &Group<S::Input>,
    pre: Option<Shrunken<S::Input>>,
    deadline: Instant,
) -> Shrunken<S::Input> {
    let o = jd.o;
    match pre {
        Some(p) => p,
        // A program that wrote nothing on any test fails every input the same way.
        None if g.detail.is_time_limit()
            && jd.memo.silent.load(std::sync::atomic::Ordering::SeqCst) =>
        {
            not_shrunk(
                g,
                "not shrunk: the program wrote nothing on any test, each stopped by the idleness limit: every input fails the same way".into(),
            )
        }
        // Stopped by the wall clock under the CPU limit: what a shrink would keep is the
        // machine's load as much as the program's, so the smallest failing test is shown
        // as it is.
        None if g.detail.is_wall_clock() => not_shrunk(
            g,
            format!(
                "not shrunk: stopped by the wall-clock backstop ({} s) with its CPU time under the limit ({} s): a program that sleeps or waits, or a loaded machine; run it again, or with --jobs 1 on an idle machine",
                o.limits.wall.as_secs_f64(),
                o.limits.time.as_secs_f64()
            ),
        ),
        None => witness(jd, g, deadline),
    }
}

/// The signal's usual gloss in a crash's verdict, replaced by what the group's re-runs
/// with an unlimited stack settled.
fn gloss(stack: Stack, verdict: &mut Verdict) {
    let gloss = match stack {
        Stack::NotFixed => Some("(segmentation fault; not a stack overflow: it fails with an unlimited stack too)"),
        Stack::Unbounded => Some("(segmentation fault: a stack overflow from a recursion that does not end; with an unlimited stack it grows to the memory cap)"),
        Stack::Fixed | Stack::Untried => None,
    };
    if let (Some(gloss), Verdict::Runtime(m)) = (gloss, verdict) {
        *m = m.replace("(segmentation fault, e.g. a stack overflow)", gloss);
    }
}

/// Where a witness was saved, and what went with it.
struct Saved {
    /// NAME.in (with NAME.out and NAME.actual beside it), or why it could not be saved.
    saved: std::io::Result<std::path::PathBuf>,
    /// The witness as a text tree, when it is small.
    tree: Option<String>,
    /// Its drawing was saved (NAME.svg).
    drawn: bool,
    /// The positions of its game, saved move by move (NAME.steps.html).
    positions: Option<usize>,
}

impl Saved {
    /// Says where the drawing and the game's page went, beside the input.
    fn print_beside(&self) {
        let Ok(p) = &self.saved else { return };
        if self.drawn {
            eprintln!("drawn: {}", p.with_extension("svg").display());
        }
        if let Some(n) = self.positions {
            eprintln!(
                "the game move by move ({n} positions): {}",
                p.with_extension("steps.html").display()
            );
        }
    }
}

/// Prints a note of a group's report and keeps it for the table.
fn say(notes: &mut Vec<String>, note: Option<String>) {
    if let Some(note) = note {
        eprintln!("{note}");
        notes.push(note);
    }
}

/// Saves a group's witness as NAME.in / NAME.out / NAME.actual, named by the program, the
/// seed and the group's test number; with its drawing (NAME.svg) where grundy draws its
/// input, and an interactive game's positions move by move (NAME.steps.html) where
/// grundy draws them — not for a game of no move (a side chosen wrong), whose one
/// position is the drawing.
fn save<S: Suite>(
    jd: &Judge<'_, S>,
    finding: &Finding<S::Input>,
    text: &str,
    first_index: u64,
) -> Saved {
    let Judge { suite, o, .. } = *jd;
    let drawn = suite.draw(&finding.input);
    let name = format!(
        "{}.check-{:x}-{}",
        program_label(&o.cmd),
        o.seed,
        first_index
    );
    let frames = suite.steps(
        &finding.input,
        &finding.expected,
        grundy_judging::jury::steps_html::JUDGED,
    );
    let steps = (frames.len() > 1).then(|| {
        grundy_judging::jury::steps_html::page(
            &format!("{}: {name}, the game move by move", suite.name()),
            // An id for the page's CSS: no dot (it would read as a class).
            &format!("steps-{}", name.replace('.', "-")),
            &frames,
        )
    });
    let mut extra: Vec<(&str, &[u8])> = vec![("actual", &finding.run.stdout)];
    if let Some((svg, _)) = &drawn {
        extra.push(("svg", svg.as_bytes()));
    }
    if let Some(page) = &steps {
        extra.push(("steps.html", page.as_bytes()));
    }
    let saved = corpus::save_finding(
        &o.save,
        &suite.name(),
        &name,
        text,
        &finding.expected,
        &extra,
    );
    Saved {
        saved,
        drawn: drawn.is_some(),
        tree: drawn.and_then(|(_, t)| t),
        positions: steps.map(|_| frames.len()),
    }
}

/// How a group's shrink went: its steps and runs, and whether it was cut short or
/// stalled (so may not be minimal).
struct ShrinkRun {
    steps: usize,
    tries: usize,
    cut_short: bool,
    stalled: bool,
    /// Not shrunk on purpose.
    kept: bool,
}

/// The report's line on the shrink, the input shown and where its output goes wrong,
/// with a preview of its text.
fn shrunk_line<S: Suite>(
    suite: &S,
    finding: &Finding<S::Input>,
    text: &str,
    &ShrinkRun {
        steps,
        tries,
        cut_short,
        stalled,
        kept,
    }: &ShrinkRun,
    confirmed: &Confirmed,
) -> String {
    if kept {
        // Not shrunk (a TLE by the wall clock): the test's own input.
        return format!(
            "its input, {}:\n{}",
            suite.describe(&finding.input),
            preview(text, PREVIEW_LINES)
        );
    }
    format!(
        "shrunk in {} steps ({} runs{}) to {}{}:\n{}",
        steps,
        tries,
        if cut_short {
            "; shrinking was cut short by the time limit or a signal, so it may not be minimal"
                .to_string()
        } else if stalled {
            format!("; stopped after {STALL} candidates in a row passed and half its time, so it may not be minimal")
        } else {
            String::new()
        },
        confirmed.words(&suite.describe(&finding.input)),
        suite
            .locate(&finding.input, &finding.expected, &finding.run.stdout)
            .map(|l| format!(", {l}"))
            .unwrap_or_default(),
        preview(text, PREVIEW_LINES)
    )
}

/// The first line of a group's report: the verdict on its first failing test.
fn announce<S: Suite>(suite: &S, f: &Failure<S::Input>) {
    let located = suite.locate(&f.test.input, &f.expected, &f.run.stdout);
    eprintln!(
        "{} on test {} ({}), {}{}",
        f.verdict.code(),
        f.test.index,
        f.test.label,
        suite.describe(&f.test.input),
        located.map(|l| format!(", {l}")).unwrap_or_default()
    );
}

/// A group's representative as reported: its input, the verdict, the run and the
/// expected output (and who gave it).
struct Finding<I> {
    input: I,
    verdict: Verdict,
    run: Run,
    expected: Vec<u8>,
    judged_by: JudgedBy,
}

/// The shrunk input judged once more; if it no longer fails the same way (flaky, e.g. a
/// time limit or a stack near the edge), where the shrink started, else the group's
/// original failing test.
fn confirm<S: Suite>(
    jd: &Judge<'_, S>,
    g: Group<S::Input>,
    input: S::Input,
    start: Option<S::Input>,
) -> (Finding<S::Input>, Confirmed) {
    let Judge { suite, .. } = *jd;
    // The shrunk input, else where the shrink started: the first that fails the same way
    // again (a failure near a size threshold may not repeat on every run).
    let shrunk_size = suite.describe(&input);
    let tries = [(input, Confirmed::Shrunk)]
        .into_iter()
        .chain(start.map(|s| (s, Confirmed::Start(shrunk_size.clone()))));
    for (input, confirmed) in tries {
        if let Ok((verdict, run, expected, judged_by)) = jd.judge(&input) {
            if verdict != Verdict::Ok && cause_of(jd, &input, &verdict, &run) == g.detail {
                let finding = Finding {
                    input,
                    verdict,
                    run,
                    expected,
                    judged_by,
                };
                return (finding, confirmed);
            }
        }
    }
    let f = g.first;
    let finding = Finding {
        input: f.test.input,
        verdict: f.verdict,
        run: f.run,
        expected: f.expected,
        judged_by: f.judged_by,
    };
    (finding, Confirmed::First(shrunk_size))
}

/// Which input a group shows: the shrunk one, or (when that did not fail again on a
/// re-run) where the shrink started, or the group's smallest failing test; with the shrunk
/// input's size in words.
enum Confirmed {
    Shrunk,
    Start(String),
    First(String),
}

impl Confirmed {
    /// The shrunk input's size when it did not fail again.
    fn did_not_fail_again(&self) -> Option<String> {
        match self {
            Confirmed::Shrunk => None,
            Confirmed::Start(size) | Confirmed::First(size) => Some(size.clone()),
        }
    }

    /// What the shrink line says after "shrunk in … to".
    fn words(&self, shown: &str) -> String {
        let (size, which) = match self {
            Confirmed::Shrunk => return shown.to_string(),
            Confirmed::Start(size) => (size, "where the shrink started"),
            Confirmed::First(size) => (size, "the group's smallest failing test"),
        };
        format!(
            "{size}, which did not fail again when re-run (a failure near a size threshold need not repeat); shown instead: {which}, {shown}"
        )
    }
}

/// The commands that reproduce a group's witness: the program on the saved input (the
/// sanitized build for UB; none for a game, which needs the jury), and grundy on the
/// group's first failing test.
fn reproduce_commands<S: Suite>(
    jd: &Judge<'_, S>,
    f: &Finding<S::Input>,
    saved: &std::io::Result<std::path::PathBuf>,
    first_index: u64,
) -> Vec<String> {
    let Judge { suite, o, argv, .. } = *jd;
    let mut out = Vec::new();
    if let (Ok(p), false) = (saved, f.judged_by == JudgedBy::Jury) {
        let sanitized = match crate::sanitized::build(&jd.memo.sanitized, o) {
            crate::sanitized::Build::Argv { argv, .. }
                if matches!(f.verdict, Verdict::Undefined(_)) =>
            {
                Some(argv)
            }
            _ => None,
        };
        // A language's run command as it ran: its `{memory_mib}` filled.
        let filled = grundy_sandbox::language::fill_limits(
            sanitized.map(Vec::as_slice).unwrap_or(argv),
            o.limits.memory,
            o.limits.stack,
        );
        let shown: Vec<String> = filled.iter().map(|a| shell_quote(a)).collect();
        out.push(format!(
            "{} < {}",
            shown.join(" "),
            shell_quote(&p.display().to_string())
        ));
    }
    out.push(reproduce_line(suite, o, first_index));
    out
}

/// The calls of a source that open a file by name (C's `freopen` and `fopen`, C++'s
/// streams, Python's `open`).
const OPENS_A_FILE: [&str; 5] = ["freopen(", "fopen(", "ifstream", "ofstream", "open("];

/// For a program that printed nothing and ended well, and whose source opens a file by
/// name: a hint naming the file and its line (a judge gives the input on standard input;
/// a solution that reads a file unless `ONLINE_JUDGE` is defined needs the judge's
/// macros, as `[judge] like` defines them).
fn file_hint(cmd: &[String], run: &grundy_sandbox::runner::Run) -> Option<String> {
    if !run.stdout.is_empty() || run.exit != grundy_sandbox::runner::Exit::Success {
        return None;
    }
    let source = cmd.first()?;
    let text = std::fs::read_to_string(source).ok()?;
    let (n, name) = text.lines().enumerate().find_map(|(i, line)| {
        let at = OPENS_A_FILE.iter().filter_map(|c| line.find(c)).min()?;
        let rest = &line[at..];
        let start = rest.find('"')? + 1;
        let len = rest[start..].find('"')?;
        let name = &rest[start..start + len];
        (!name.is_empty()).then(|| (i + 1, name.to_string()))
    })?;
    let file = std::path::Path::new(source)
        .file_name()
        .map_or(source.as_str().into(), |f| f.to_string_lossy());
    Some(format!(
        "hint: it printed nothing, and {file}:{n} opens the file `{name}`: the input comes on standard input here, as on a judge (a solution that reads `{name}` unless ONLINE_JUDGE is defined needs the judge's macros: `[judge] like = \"codeforces\"` defines them)\n"
    ))
}

/// The verdict, the resources, the outputs side by side, the program's stderr, where the
/// input was saved and how to reproduce it; and the saved file's name for the summary.
fn finding_text<S: Suite>(
    jd: &Judge<'_, S>,
    f: &Finding<S::Input>,
    saved: &std::io::Result<std::path::PathBuf>,
    first_index: u64,
) -> (String, String) {
    let Judge { o, .. } = *jd;
    let mut s = if o.color {
        format!("verdict: \x1b[1;31m{}\x1b[0m\n", f.verdict)
    } else {
        format!("verdict: {}\n", f.verdict)
    };
    s += &format!(
        "time {:.3} s CPU (limit {} s), {:.3} s wall (backstop {} s); {}\n",
        f.run.cpu.as_secs_f64(),
        o.limits.time.as_secs_f64(),
        f.run.wall.as_secs_f64(),
        o.limits.wall.as_secs_f64(),
        f.run.peak_text()
    );
    if let Some(hint) = file_hint(&o.cmd, &f.run) {
        s += &hint;
    }
    let undefined = matches!(f.verdict, Verdict::Undefined(_));
    if undefined {
        // The ordinary build passed this input; what is shown is the sanitized run.
        s += "the ordinary build's output is accepted; the run shown is the sanitized build's, stopped by the sanitizer\n";
    } else if let JudgedBy::Answer(by) = &f.judged_by {
        s += &format!("expected output (by the {by}) and the program's:\n");
        s += &crate::text::outputs(
            &f.expected,
            &f.run.stdout,
            jd.suite.compares_tokens(),
            o.color,
        );
    } else {
        let text = String::from_utf8_lossy(&f.expected);
        let lines: Vec<&str> = text.lines().collect();
        s += &format!(
            "the game ({} lines; > the jury, < the program):\n",
            lines.len()
        );
        s += &crate::text::ends(&text, 10, 10);
    }
    if !f.run.stderr.is_empty() {
        let stderr = &f.run.stderr[..f.run.stderr.len().min(2000)];
        s += &format!(
            "program's stderr:\n{}",
            grundy_judging::output::indent(&escape_bytes(stderr), 4)
        );
    }
    let saved_name = match saved {
        Ok(p) => {
            let extra = if f.judged_by == JudgedBy::Jury {
                ".out the game, .actual the program's output"
            } else {
                ".out expected, .actual"
            };
            s += &format!("saved: {} (+ {extra})\n", p.display());
            let commands = reproduce_commands(jd, f, saved, first_index);
            if f.judged_by == JudgedBy::Jury {
                // The program needs the jury on its other end: only grundy replays it.
                s += &format!(
                    "reproduce (the same game, the jury seeded by the input): {}\n",
                    commands.join("\n")
                );
            } else {
                s += &format!("reproduce: {}\n", commands.join("\n       or: "));
            }
            p.display().to_string()
        }
        Err(e) => {
            s += &format!("error: could not save the failing input: {e}\n");
            "(not saved)".into()
        }
    };
    (s, saved_name)
}
