//! Problem packages: a folder with a `problem.toml` that describes a problem grundy has
//! never seen — its input (the schema: items, limits, test cases), the judge's limits, the
//! reference (a trusted model solution, a brute force for small inputs, or a built-in
//! grundy engine), the checker (lines, tokens, floats, unordered tokens, or a
//! testlib-compatible program) and optional external generators.
//!
//! Loading reports a malformed file with its path, line and column. Running a reference
//! or a checker is contained like every program; a reference or checker that crashes, or
//! a model and a brute force that disagree, is a problem with the package (exit 2), never
//! the contestant's wrong answer.

use crate::error::Error;
use crate::error::TableError;
use crate::judge::{self, Verdict};
use crate::output::escape_bytes;
use crate::preset::Preset;
use crate::rules_game::{AnswerKind, GameSpec, GameToml, RulesGame};
use grundy_games::checker::{compare_with, Compare};
use grundy_games::schema::{Instance, ItemSpec, Schema, SchemaSpec, TestsSpec};
use grundy_games::Problem;
use grundy_sandbox::program;
use grundy_sandbox::runner::{self, Exit, RunLimits};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// `problem.toml` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PackageToml {
    name: Option<String>,
    #[allow(dead_code)]
    description: Option<String>,
    #[serde(default)]
    input: Vec<ItemSpec>,
    #[serde(default)]
    limits: BTreeMap<String, [grundy_games::bound::Bound; 2]>,
    tests: Option<TestsSpec>,
    #[serde(default)]
    judge: JudgeToml,
    #[serde(default)]
    reference: ReferenceToml,
    #[serde(default)]
    checker: CheckerToml,
    #[serde(default)]
    generators: Vec<GeneratorToml>,
    game: Option<GameToml>,
    interact: Option<crate::jury::InteractToml>,
    #[serde(default)]
    solutions: Vec<crate::solutions::SolutionToml>,
    /// The constraints of a built-in engine's statement (read by
    /// `grundy_games::statement`; a package may only restate them).
    statement: Option<toml::Table>,
    #[serde(default)]
    export: ExportToml,
}

/// `[export]`: what a judge's package states about the problem beside its data.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportToml {
    /// The problem's UUID (Kattis's `uuid`), kept across exports.
    pub uuid: Option<String>,
    /// Its license: unknown, public domain, cc0, cc by, cc by-sa, educational, permission.
    pub license: Option<String>,
    /// Who holds the rights (needed by every license but unknown and public domain).
    pub rights_owner: Option<String>,
    /// Where the problem comes from (a contest, a site).
    pub source: Option<String>,
    /// Who wrote it.
    pub author: Option<String>,
}

/// The licenses Kattis's problem format knows.
pub const LICENSES: [&str; 7] = [
    "unknown",
    "public domain",
    "cc0",
    "cc by",
    "cc by-sa",
    "educational",
    "permission",
];

impl ExportToml {
    fn check(&self) -> Result<(), TableError> {
        if let Some(l) = &self.license {
            if !LICENSES.contains(&l.as_str()) {
                return Err(format!(
                    "export.license: `{l}`{} (expected one of {})",
                    grundy_games::suggest::did_you_mean(l, LICENSES),
                    LICENSES.join(", ")
                )
                .into());
            }
            if !matches!(l.as_str(), "unknown" | "public domain") && self.rights_owner.is_none() {
                return Err(format!("export.rights_owner: a problem under `{l}` names who holds its rights (`rights_owner = \"…\"`)").into());
            }
        }
        if let Some(u) = &self.uuid {
            let ok = u.len() == 36
                && u.char_indices().all(|(i, c)| {
                    if [8, 13, 18, 23].contains(&i) {
                        c == '-'
                    } else {
                        c.is_ascii_hexdigit()
                    }
                });
            if !ok {
                return Err(format!("export.uuid: `{u}` is not a UUID (8-4-4-4-12 hexadecimal digits, as `uuidgen` prints)").into());
            }
        }
        Ok(())
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct JudgeToml {
    like: Option<String>,
    time: Option<f64>,
    wall_factor: Option<f64>,
    memory: Option<toml::Value>,
    stack: Option<toml::Value>,
    output: Option<u64>,
    sandbox: Option<String>,
    processes: Option<u32>,
    scratch: Option<u64>,
    #[serde(rename = "compile-output")]
    compile_output: Option<u64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ReferenceToml {
    model: Option<String>,
    brute: Option<String>,
    brute_max: Option<usize>,
    engine: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckerToml {
    kind: Option<String>,
    program: Option<String>,
    abs: Option<f64>,
    rel: Option<f64>,
    /// Seconds of CPU time a checker program may take on one output (wall: twice that).
    time: Option<f64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GeneratorToml {
    command: String,
}

/// How outputs are judged.
#[derive(Clone, Debug)]
pub enum Checker {
    /// One of the built-in comparisons.
    Builtin(Compare),
    /// A testlib-compatible program: `checker INPUT OUTPUT ANSWER`, exit 0 OK, 1 WA,
    /// 2 PE, 3 checker failure; its message on stderr.
    Program(Vec<String>),
}

/// A loaded package.
#[derive(Clone, Debug)]
pub struct Package {
    /// The folder.
    pub dir: PathBuf,
    /// Its name (`name` in problem.toml, else the folder's name).
    pub name: String,
    /// The input schema.
    pub schema: Schema,
    /// The judge's limits.
    pub limits: RunLimits,
    /// The judge preset of `[judge] like`, if any.
    pub like: Option<Preset>,
    /// Where the CPU time limit comes from, in a report's words (`[judge] time in
    /// problem.toml`, grundy's default, or `grundy time`'s calibration).
    pub time_from: String,
    /// The trusted model solution (all sizes).
    pub model: Option<Vec<String>>,
    /// The brute force and the largest size it is given.
    pub brute: Option<(Vec<String>, usize)>,
    /// A built-in grundy problem whose input format this is.
    pub engine: Option<Problem>,
    /// The checker.
    pub checker: Checker,
    /// The CPU time a checker program may take on one output (`[checker] time`).
    pub checker_time: Duration,
    /// External generators (`{seed}` and `{size}` are substituted).
    pub generators: Vec<String>,
    /// What an export states beside the data (`[export]`).
    pub export: ExportToml,
    /// The game, given by its rules (`[game]`).
    pub game: Option<GameSpec>,
    /// The schema narrowed by `[game] small`: the inputs the rules answer (with a model
    /// for the rest). `None` without caps.
    pub rules_schema: Option<Schema>,
    /// An interactive problem: grundy plays the jury (`[interact]`).
    pub interact: Option<crate::jury::InteractSpec>,
    /// The solutions with the verdicts they are meant to get (`[[solutions]]`, or by
    /// their names).
    pub solutions: Vec<crate::solutions::Solution>,
}

/// The file in a package's folder where `grundy time DIR … --save-limit` keeps the time
/// limit it recommends (read by `--tl auto` and by the exports).
pub const CALIBRATED_LIMIT: &str = "time-limit.txt";

impl Package {
    /// Takes the time limit `grundy time` calibrated and saved in the folder
    /// ([`CALIBRATED_LIMIT`]), where there is one: the CPU limit, the wall backstop after
    /// it, and [`Package::time_from`] saying so. `Ok(false)`: none saved.
    pub fn use_calibrated_limit(&mut self) -> Result<bool, Error> {
        let path = self.dir.join(CALIBRATED_LIMIT);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
            Err(e) => return Err(Error::io(path.display(), e)),
        };
        let secs: f64 = text
            .trim()
            .parse()
            .ok()
            .filter(|s: &f64| s.is_finite() && *s > 0.0 && *s <= 1e6)
            .ok_or_else(|| {
                Error::usage(format!(
                    "{}: line 1: expected the seconds `grundy time --save-limit` writes, found `{}`",
                    path.display(),
                    text.trim()
                ))
            })?;
        self.time_from = format!(
            "calibrated by `grundy time`, saved in {}; in place of {} s, {}",
            path.display(),
            self.limits.time.as_secs_f64(),
            self.time_from
        );
        self.limits = self.limits.with_cpu(Duration::from_secs_f64(secs));
        Ok(true)
    }
}

/// True when `arg` names a package folder (one holding a `problem.toml`).
pub fn is_package(arg: &str) -> bool {
    Path::new(arg).join("problem.toml").is_file()
}

/// 1-based line and column of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Where a table's error points: the key it names (`game.answer: …` → the `answer = …`
/// line of `[game]`; `solutions[3].expect: …` → the `expect` of the third
/// `[[solutions]]`), else the table's header, else the start of the file.
fn locate_key(text: &str, header: &str, message: &str) -> (usize, usize) {
    let table = header.trim_matches(|c| c == '[' || c == ']');
    let rest = message.strip_prefix(table).unwrap_or("");
    // `[K]` after an array of tables: its K-th header (1-based).
    let (nth, rest) = match rest.strip_prefix('[') {
        Some(r) => {
            let digits: String = r.chars().take_while(char::is_ascii_digit).collect();
            let k = digits.parse::<usize>().unwrap_or(1).max(1);
            (k - 1, &r[digits.len()..].trim_start_matches(']'))
        }
        None => (0, &rest),
    };
    let key: String = rest
        .strip_prefix('.')
        .unwrap_or("")
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    let Some(start) = text.match_indices(header).nth(nth).map(|(i, _)| i) else {
        return (1, 1);
    };
    if !key.is_empty() {
        // The key's line within this table (up to the next header).
        let mut off = start + text[start..].find('\n').map_or(0, |k| k + 1);
        for line in text[off..].split_inclusive('\n') {
            let t = line.trim_start();
            if t.starts_with('[') {
                break;
            }
            if let Some(after) = t.strip_prefix(key.as_str()) {
                if after.trim_start().starts_with('=') {
                    return line_col(text, off + (line.len() - t.len()));
                }
            }
            off += line.len();
        }
    }
    line_col(text, start)
}

/// Where a schema error points: the `[[input]]` item or the limit it names.
fn locate(text: &str, message: &str) -> (usize, usize) {
    if let Some(rest) = message.strip_prefix("input item ") {
        let k: usize = rest
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .and_then(|d| d.parse().ok())
            .unwrap_or(1);
        if let Some(off) = text.match_indices("[[input]]").nth(k - 1).map(|(i, _)| i) {
            return line_col(text, off);
        }
    }
    if let Some(rest) = message.strip_prefix("limits.") {
        let name: String = rest.chars().take_while(|c| *c != ':').collect();
        if let Some(off) = text
            .match_indices(&format!("\n{name}"))
            .map(|(i, _)| i + 1)
            .next()
        {
            return line_col(text, off);
        }
    }
    if message.starts_with("tests") {
        if let Some(off) = text.find("[tests]") {
            return line_col(text, off);
        }
    }
    (1, 1)
}

/// A program of the package: words split on white space, the first word (and any other
/// that names a file of the package) taken relative to the package folder.
fn package_command(dir: &Path, command: &str) -> Vec<String> {
    command
        .split_whitespace()
        .map(|w| {
            let p = dir.join(w);
            if p.exists() {
                p.display().to_string()
            } else {
                w.to_string()
            }
        })
        .collect()
}

/// The packages of the four built-in contest problems, as shipped in `problems/` (compiled
/// in, so `grundy check agc017d` needs no checkout).
pub fn embedded(problem: Problem) -> Option<&'static str> {
    match problem {
        Problem::Agc017d => Some(include_str!("../../problems/agc017d/problem.toml")),
        Problem::Cot3 => Some(include_str!("../../problems/cot3/problem.toml")),
        Problem::Poj3710 => Some(include_str!("../../problems/poj3710/problem.toml")),
        Problem::P2972 => Some(include_str!("../../problems/p2972/problem.toml")),
        Problem::Native(_) => None,
    }
}

/// The judge's limits of a built-in problem, from its shipped package (`None` for the
/// native games, which have no package).
pub fn builtin_limits(problem: Problem) -> Result<Option<JudgeDefaults>, Error> {
    Ok(builtin_package(problem)?.map(|pkg| pkg.judge_defaults()))
}

/// A package's judge settings, as the command line's limit flags start from them.
#[derive(Clone, Copy, Debug)]
pub struct JudgeDefaults {
    /// The limits of every judged run.
    pub limits: RunLimits,
    /// The judge preset they come from (`[judge] like`).
    pub like: Option<Preset>,
}

/// The input schema of a built-in problem, from its shipped package: `agc017d` and `cot3`
/// carry one; `poj3710` and `p2972` (and the native games) do not.
pub fn builtin_schema(problem: Problem) -> Result<Option<Schema>, Error> {
    Ok(builtin_package(problem)?
        .map(|pkg| pkg.schema)
        .filter(|schema| !schema.items.is_empty()))
}

/// A built-in problem's shipped package, read (`None` for the native games).
fn builtin_package(problem: Problem) -> Result<Option<Package>, Error> {
    let Some(text) = embedded(problem) else {
        return Ok(None);
    };
    let dir = Path::new("problems").join(problem.name());
    let shown = format!("problems/{}/problem.toml (built in)", problem.name());
    Package::from_text(&dir, &shown, text).map(Some)
}

/// The judge preset `[judge] like` names, if any.
fn judge_preset(judge: &JudgeToml) -> Result<Option<Preset>, TableError> {
    let Some(like) = judge.like.as_deref() else {
        return Ok(None);
    };
    Preset::parse(like).map(Some).ok_or_else(|| {
        format!(
            "judge.like: `{like}`{} (expected one of {})",
            grundy_games::suggest::did_you_mean(like, Preset::NAMES),
            Preset::NAMES.join(", ")
        )
        .into()
    })
}

/// The CPU time a checker program may take on one output (`[checker] time`; 10 s by
/// default, at most an hour).
fn checker_time(time: Option<f64>) -> Result<Duration, TableError> {
    match time {
        None => Ok(Duration::from_secs(10)),
        Some(x) if x.is_finite() && x > 0.0 && x <= 3600.0 => Ok(Duration::from_secs_f64(x)),
        Some(_) => Err("checker.time: expected seconds, more than 0 (at most 3600)".into()),
    }
}

/// Where a package's time limit comes from, in a report's words.
fn time_from(in_toml: bool) -> &'static str {
    match in_toml {
        true => "[judge] time of problem.toml",
        false => "grundy's default; problem.toml has no [judge] time",
    }
}

/// A package's name when `problem.toml` gives none: its folder's.
fn folder_name(dir: &Path) -> String {
    dir.canonicalize()
        .ok()
        .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "problem".into())
}

/// The judge's limits of `[judge]` (defaults: 2 s CPU, wall 2x, 8 MiB stack, 256 MiB of
/// memory, 64 MiB of output; with `like`, the preset's).
fn judge_limits(judge: &JudgeToml) -> Result<RunLimits, TableError> {
    let preset = judge_preset(judge)?;
    let time = judge.time.unwrap_or(2.0);
    if !(time.is_finite() && time > 0.0 && time <= 1e6) {
        return Err("judge.time: expected seconds, more than 0".into());
    }
    let wall_factor = judge
        .wall_factor
        .unwrap_or_else(|| preset.map_or(2.0, Preset::wall_factor));
    if !(1.0..=100.0).contains(&wall_factor) {
        return Err("judge.wall_factor: expected 1 to 100".into());
    }
    let memory = match &judge.memory {
        None => Some(preset.map_or(runner::DEFAULT_MEMORY, |p| p.memory_mib() << 20)),
        Some(toml::Value::String(s)) if s == "unlimited" => None,
        Some(toml::Value::Integer(m)) if (1..=1 << 30).contains(m) => Some((*m as u64) << 20),
        Some(_) => {
            return Err("judge.memory: expected MiB (1 to 1073741824) or \"unlimited\"".into())
        }
    };
    let stack = match &judge.stack {
        // A preset's stack is as large as the memory limit.
        None if preset.is_some() => memory,
        None => Some(8u64 << 20),
        Some(toml::Value::String(s)) if s == "unlimited" => None,
        Some(toml::Value::Integer(m)) if (1..=1 << 20).contains(m) => Some((*m as u64) << 20),
        Some(_) => return Err("judge.stack: expected MiB (1 to 1048576) or \"unlimited\"".into()),
    };
    let output = judge
        .output
        .unwrap_or_else(|| preset.map_or(64, Preset::output_mib));
    let limits = RunLimits {
        time: Duration::from_secs_f64(time),
        wall: Duration::from_secs_f64(time * wall_factor),
        wall_factor,
        memory,
        stack,
        output: (output.clamp(1, 1 << 30) << 20) as usize,
        files: None,
    };
    Ok(limits)
}

/// The sandbox keys of `[judge]` (`sandbox`, `processes`, `scratch` and
/// `compile-output` in MiB), for what the command line does not set.
fn judge_sandbox(judge: &JudgeToml) -> Result<(), TableError> {
    use grundy_sandbox::jail;
    let mode = match judge.sandbox.as_deref() {
        None => None,
        Some(m) => Some(jail::Mode::parse(m).ok_or_else(|| -> TableError {
            format!("judge.sandbox: expected \"auto\", \"strict\" or \"none\", found \"{m}\"")
                .into()
        })?),
    };
    if let Some(p) = judge.processes {
        if !(1..=100_000).contains(&p) {
            return Err("judge.processes: expected 1 to 100000".into());
        }
    }
    for (key, value) in [
        ("scratch", judge.scratch),
        ("compile-output", judge.compile_output),
    ] {
        if value.is_some_and(|s| !(1..=1 << 20).contains(&s)) {
            return Err(format!("judge.{key}: expected MiB (1 to 1048576)").into());
        }
    }
    jail::set_from_package(
        mode,
        judge.processes,
        judge.scratch.map(|m| m << 20),
        judge.compile_output.map(|m| m << 20),
    );
    Ok(())
}

/// Checks a package's `[statement]`: it may only restate its engine's constraints.
fn restated(text: &str, engine: Option<Problem>) -> Result<(), TableError> {
    let stated = grundy_games::statement::parse(text).map_err(|m| format!("[statement]: {m}"))?;
    match engine {
        Some(p) if stated == Some(p.strict_limits()) => Ok(()),
        Some(p) => Err(format!(
            "[statement] differs from the constraints of the engine `{}` (problems/{}/problem.toml); a package with other input limits describes its input with [[input]] and [limits]",
            p.name(),
            p.name()
        ).into()),
        None => Err("[statement] states a built-in engine's constraints; this package has no `[reference] engine` (its input's limits go in [limits])".into()),
    }
}

/// The references of `[reference]`: the engine, the model, the brute force and its size.
type References = (
    Option<Problem>,
    Option<Vec<String>>,
    Option<(Vec<String>, usize)>,
);

/// Reads `[reference]`: at least one reference (unless the tests are `judged` otherwise:
/// by the rules or the setter's interactor), every program present in the package; an
/// engine and `rules` never both.
fn references(
    r: &ReferenceToml,
    dir: &Path,
    rules: bool,
    judged: bool,
) -> Result<References, TableError> {
    let engine = match &r.engine {
        None => None,
        Some(name) => Some(Problem::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = Problem::ALL.iter().map(|p| p.name()).collect();
            format!(
                "reference.engine: unknown engine `{name}` (expected one of {})",
                names.join(", ")
            )
        })?),
    };
    let model = r.model.as_deref().map(|m| package_command(dir, m));
    let brute = r
        .brute
        .as_deref()
        .map(|b| (package_command(dir, b), r.brute_max.unwrap_or(10)));
    if model.is_none() && brute.is_none() && engine.is_none() && !judged {
        return Err("[reference]: expected a `model` solution, a `brute` force (with `brute_max`) or a built-in `engine` (or the game's rules: `[game] rules = \"rules.py\"`)".into());
    }
    if engine.is_some() && rules {
        return Err(
            "[reference]: a built-in `engine` and `[game] rules` cannot both answer; keep one"
                .into(),
        );
    }
    for (what, prog) in [
        ("model", model.as_ref()),
        ("brute", brute.as_ref().map(|b| &b.0)),
    ] {
        if let Some(f) = prog.and_then(|p| p.first()) {
            if !Path::new(f).exists() && f.contains('.') {
                return Err(
                    format!("reference.{what}: {f} does not exist in {}", dir.display()).into(),
                );
            }
        }
    }
    Ok((engine, model, brute))
}

/// Reads `[checker]` (default: lines).
fn checker(c: &CheckerToml, dir: &Path) -> Result<Checker, TableError> {
    Ok(match (c.kind.as_deref(), &c.program) {
        (_, Some(p)) => Checker::Program(package_command(dir, p)),
        (None | Some("lines"), None) => Checker::Builtin(Compare::Lines),
        (Some("tokens"), None) => Checker::Builtin(Compare::Tokens),
        (Some("unordered"), None) => Checker::Builtin(Compare::Unordered),
        (Some("floats"), None) => Checker::Builtin(Compare::Floats {
            abs: c.abs.unwrap_or(1e-6),
            rel: c.rel.unwrap_or(1e-6),
        }),
        (Some(other), None) => {
            return Err(format!(
                "checker.kind: `{other}` (expected lines, tokens, floats or unordered, or `program = \"checker.cpp\"`)"
            ).into())
        }
    })
}

/// The schema of the inputs the rules answer, when `[game] small` caps some values: each
/// cap must name a limit, and a model must answer the inputs past the caps.
fn rules_schema(
    schema: &Schema,
    game: Option<&GameSpec>,
    model: bool,
) -> Result<Option<Schema>, TableError> {
    let Some(g) = game.filter(|g| !g.small.is_empty()) else {
        return Ok(None);
    };
    if !model {
        return Err("game.small: the rules answer only the inputs within these caps; a `model` solution in [reference] must answer the others".into());
    }
    schema
        .narrowed(&g.small)
        .map(Some)
        .map_err(|m| format!("game.small: {m}").into())
}

/// The package's `[interact]` table made into the jury's spec, checked against what the
/// package gives the game by: its rules (`game`), a built-in engine (`engine`) or the
/// setter's interactor. The error is the message, for the `[interact]` section.
fn interact_spec(
    table: Option<&crate::jury::InteractToml>,
    game: Option<&GameSpec>,
    engine: Option<Problem>,
    dir: &Path,
) -> Result<Option<crate::jury::InteractSpec>, TableError> {
    use crate::jury::InteractSpec;
    let Some(i) = table else { return Ok(None) };
    if i.sizes_games() && engine.is_none() {
        return Err("interact.max_vertices sizes the games of a built-in engine; a package with rules or a schema sizes its inputs in [limits]".into());
    }
    if let Some(command) = i.interactor() {
        let argv = package_command(dir, command);
        if argv.is_empty() || (!Path::new(&argv[0]).exists() && !command.contains(' ')) {
            return Err(format!(
                "interact.interactor: {} does not exist",
                dir.join(command).display()
            )
            .into());
        }
        return InteractSpec::load(i, Some(argv)).map(Some);
    }
    match (game, engine) {
        (Some(g), _) if g.loopy => {
            Err("[interact] with `loopy = true` is not supported yet (a drawn game never ends)".into())
        }
        (Some(g), _) if g.one_line => {
            Err("[interact] with `one_line = true`: the program plays each start's game and prints no answers to put on one line (remove `one_line`)".into())
        }
        (Some(g), _) if g.answer == AnswerKind::WinningStarts => {
            Err("[interact] with `answer = \"winning-starts\"` is not supported yet (the jury plays from one start; give `start(case)` for an interactive game)".into())
        }
        (Some(_), _) => InteractSpec::load(i, None).map(Some),
        (None, Some(p)) if grundy_fuzzing::contest::playable(p) => InteractSpec::load(i, None).map(Some),
        (None, Some(p)) => Err(format!(
            "[interact] with the engine `{}`: its game is not played move by move here (an interactive jury plays `agc017d`, `cot3`, `chip`, `cut`, `hackenbush` and `paint`; give other games by their rules)",
            p.name()
        ).into()),
        (None, None) => Err("[interact] needs the game: its rules (`[game] rules = \"rules.py\"`), a built-in engine (`[reference] engine = \"cut\"`), or an interactor of your own (`interactor = \"interactor.py\"`)".into()),
    }
}

/// An input a package does not accept: where, and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid(pub String);

impl std::fmt::Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Invalid {}

impl Package {
    /// The judge settings the command line starts from.
    pub fn judge_defaults(&self) -> JudgeDefaults {
        JudgeDefaults {
            limits: self.limits,
            like: self.like,
        }
    }

    /// Loads `dir/problem.toml`.
    pub fn load(dir: &Path) -> Result<Package, Error> {
        let file = dir.join("problem.toml");
        let shown = file.display().to_string();
        let text = std::fs::read_to_string(&file).map_err(|e| Error::io(&shown, e))?;
        Package::from_text(dir, &shown, &text)
    }

    /// Loads a package from the text of its `problem.toml` (`shown` names it in errors).
    pub fn from_text(dir: &Path, shown: &str, text: &str) -> Result<Package, Error> {
        let text = text.to_string();
        let bad = |(line, col): (usize, usize), msg: &dyn std::fmt::Display| {
            Error::usage(format!("{shown}:{line}:{col}: {msg}"))
        };
        let t: PackageToml = toml::from_str(&text).map_err(|e| {
            let at = e.span().map_or((1, 1), |s| line_col(&text, s.start));
            bad(at, &e.message().trim())
        })?;
        let spec = SchemaSpec {
            input: t.input,
            limits: t.limits,
            tests: t.tests,
        };
        // A package judged by a built-in engine alone reads its input as the engine does.
        let schema = match spec.input.is_empty() && t.reference.engine.is_some() {
            true => Schema::empty(),
            false => Schema::new(&spec).map_err(|m| bad(locate(&text, &m.0), &m))?,
        };
        // An error names its key: it points there.
        let at_key = |section: &str, m: &TableError| locate_key(&text, section, &m.to_string());
        let in_table = |section: &'static str| {
            let (bad, at_key) = (&bad, &at_key);
            move |m: TableError| bad(at_key(section, &m), &m)
        };
        let has_time = t.judge.time.is_some();
        let limits = judge_limits(&t.judge).map_err(in_table("[judge]"))?;
        judge_sandbox(&t.judge).map_err(in_table("[judge]"))?;
        let game = (t.game.as_ref().map(|g| GameSpec::load(g, dir)).transpose())
            .map_err(in_table("[game]"))?;
        let engine_named = t.reference.engine.as_deref().and_then(Problem::from_name);
        let interact = interact_spec(t.interact.as_ref(), game.as_ref(), engine_named, dir)
            .map_err(in_table("[interact]"))?;
        // The package's own languages (`languages.toml` beside problem.toml), read over
        // the table before its solutions are known by their extensions.
        if dir.is_dir() {
            grundy_sandbox::language::read_package(dir).map_err(|e| Error::usage(e.0))?;
        }
        // The preset's macros in every C and C++ compile, as the judge compiles.
        if let Some(p) = judge_preset(&t.judge).map_err(in_table("[judge]"))? {
            grundy_sandbox::language::define_macros(p.macros());
        }
        let solutions =
            crate::solutions::load(dir, &t.solutions).map_err(in_table("[[solutions]]"))?;
        // Rules answer every test; so, for an interactive problem, does the setter's
        // interactor: neither needs a reference solution.
        let judged = game.is_some() || interact.as_ref().is_some_and(|i| i.interactor.is_some());
        let (engine, model, brute) = references(&t.reference, dir, game.is_some(), judged)
            .map_err(in_table("[reference]"))?;
        if t.statement.is_some() {
            let at = text
                .find("[statement]")
                .map_or((1, 1), |off| line_col(&text, off));
            restated(&text, engine).map_err(|m| bad(at, &m))?;
        }
        let checker = checker(&t.checker, dir).map_err(in_table("[checker]"))?;
        let checker_time = checker_time(t.checker.time).map_err(in_table("[checker]"))?;
        let rules_schema =
            rules_schema(&schema, game.as_ref(), model.is_some()).map_err(in_table("[game]"))?;
        (t.export.check()).map_err(in_table("[export]"))?;
        let name = t.name.unwrap_or_else(|| folder_name(dir));
        Ok(Package {
            dir: dir.to_path_buf(),
            name,
            schema,
            limits,
            like: judge_preset(&t.judge).map_err(in_table("[judge]"))?,
            time_from: time_from(has_time).into(),
            model,
            brute,
            engine,
            checker,
            checker_time,
            generators: t.generators.into_iter().map(|g| g.command).collect(),
            export: t.export.clone(),
            game,
            rules_schema,
            interact,
            solutions,
        })
    }

    /// Reads an input as `grundy validate` does: the schema and its limits, then (unless
    /// `lenient`) the strict layout a judge's validator wants. The error says where.
    pub fn validate(&self, bytes: &[u8], lenient: bool) -> Result<Instance, Invalid> {
        let inst = self
            .schema
            .read(bytes)
            .map_err(|e| Invalid(e.to_string()))?;
        if !lenient {
            // The schema's writer's layout, token for token on the same lines.
            grundy_games::layout::check(bytes, self.schema.write(&inst).as_bytes())
                .map_err(|e| Invalid(format!("{e} (--lenient accepts any white space)")))?;
        }
        Ok(inst)
    }

    /// True when the rules answer this input: without a model, every input; with one, an
    /// input up to `[game] max_size` whose values keep the caps of `[game] small`.
    pub fn rules_answer(&self, inst: &Instance, input: &str) -> bool {
        let Some(game) = &self.game else {
            return false;
        };
        self.model.is_none()
            || (self.schema.size(inst) <= game.max_size
                && self
                    .rules_schema
                    .as_ref()
                    .is_none_or(|s| s.read(input.as_bytes()).is_ok()))
    }

    /// Compiles (once, cached) the package's programs: the references and the checker.
    pub fn prepare(&self) -> Result<Prepared, Error> {
        let prep = |argv: &Vec<String>, what: &str| {
            program::prepare(argv)
                .map_err(|e| Error::usage(format!("{}: the {what}: {e}", self.dir.display())))
        };
        Ok(Prepared {
            model: self
                .model
                .as_ref()
                .map(|m| prep(m, "model solution"))
                .transpose()?,
            brute: self
                .brute
                .as_ref()
                .map(|(b, max)| prep(b, "brute force").map(|a| (a, *max)))
                .transpose()?,
            checker: match &self.checker {
                Checker::Program(p) => Some(prep(p, "checker")?),
                Checker::Builtin(_) => None,
            },
            rules: self
                .game
                .clone()
                .map(|g| RulesGame::new(g).map(Arc::new))
                .transpose()?,
        })
    }
}

/// The package's programs, ready to run.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The model solution.
    pub model: Option<Vec<String>>,
    /// The brute force and the largest size it gets.
    pub brute: Option<(Vec<String>, usize)>,
    /// The checker program.
    pub checker: Option<Vec<String>>,
    /// The game's rules, with their workers.
    pub rules: Option<Arc<RulesGame>>,
}

/// A problem with the package found while judging (exit 2, never the contestant's WA).
fn package_error(pkg: &Package, what: &str, detail: String, input: &str) -> Error {
    let preview: String = input.lines().take(12).collect::<Vec<_>>().join("\n    ");
    let lines = input.lines().count();
    Error::usage(format!(
        "problem package {}: {what}: {detail}\n  on this input ({lines} line{}):\n    {preview}",
        pkg.dir.display(),
        if lines == 1 { "" } else { "s" }
    ))
}

/// Runs a reference program on `input` with generous limits; its output, or why the
/// package is broken.
fn run_reference(
    pkg: &Package,
    argv: &[String],
    what: &str,
    input: &str,
) -> Result<Vec<u8>, Error> {
    let limits = RunLimits {
        time: (pkg.limits.time * 5).max(Duration::from_secs(10)),
        wall: (pkg.limits.time * 10).max(Duration::from_secs(20)),
        wall_factor: 2.0,
        memory: None,
        stack: None,
        output: pkg.limits.output.max(64 << 20),
        files: None,
    };
    let run = runner::run(argv, input.as_bytes(), &limits);
    match judge::classify(&run, &limits)? {
        None => Ok(run.stdout),
        Some(v) => Err(package_error(
            pkg,
            &format!("the {what} failed"),
            format!(
                "{v}; stderr: {}",
                escape_bytes(&run.stderr[..run.stderr.len().min(500)])
            ),
            input,
        )),
    }
}

/// The expected output of an input and who gave it: the built-in engine, the brute force
/// (small inputs, cross-checked with the model when both exist), or the model.
pub fn expected(
    pkg: &Package,
    prep: &Prepared,
    inst: &Instance,
    input: &str,
) -> Result<(Vec<u8>, String), Error> {
    if let Some(problem) = pkg.engine {
        let cases = problem.parse(input.as_bytes(), false).map_err(|e| {
            package_error(
                pkg,
                "the input is not in the engine's format",
                e.to_string(),
                input,
            )
        })?;
        let (out, by) = judge::expected(problem, &cases)?;
        return Ok((out, format!("grundy's {by}")));
    }
    let small = pkg.schema.size(inst);
    if let Some(game) = prep
        .rules
        .as_ref()
        .filter(|_| pkg.rules_answer(inst, input))
    {
        return expected_by_rules(pkg, prep, game, inst, input, small);
    }
    let brute = prep.brute.as_ref().filter(|(_, max)| small <= *max);
    match (brute, &prep.model) {
        (Some((b, _)), Some(m)) => {
            let by_brute = run_reference(pkg, b, "brute force", input)?;
            let by_model = run_reference(pkg, m, "model solution", input)?;
            match judge_output(pkg, prep, input, &by_model, &by_brute)? {
                Verdict::Ok => Ok((by_brute, "brute force (and model)".into())),
                v => Err(package_error(
                    pkg,
                    "the model solution and the brute force disagree",
                    v.to_string(),
                    input,
                )),
            }
        }
        (Some((b, _)), None) => Ok((run_reference(pkg, b, "brute force", input)?, "brute force".into())),
        (None, Some(m)) => Ok((run_reference(pkg, m, "model solution", input)?, "model solution".into())),
        (None, None) => Err(Error::usage(format!(
            "problem package {}: no reference for an input of size {small} (the brute force takes at most {}; add a `model`)",
            pkg.dir.display(),
            pkg.brute.as_ref().map_or(0, |b| b.1)
        ))),
    }
}

/// The expected output by the game's rules, cross-checked with the brute force and the
/// model where they answer this input too.
fn expected_by_rules(
    pkg: &Package,
    prep: &Prepared,
    game: &RulesGame,
    inst: &Instance,
    input: &str,
    size: usize,
) -> Result<(Vec<u8>, String), Error> {
    let fault = |e: crate::rules_game::Unanswered| package_error(pkg, "the rules", e.0, input);
    let results = game.solve_input(&pkg.schema, inst, input).map_err(fault)?;
    let answer = game.render(&results).map_err(fault)?;
    let mut by = "rules".to_string();
    let others = [
        prep.brute
            .as_ref()
            .filter(|(_, max)| size <= *max)
            .map(|(b, _)| (b, "brute force")),
        prep.model.as_ref().map(|m| (m, "model solution")),
    ];
    for (argv, what) in others.into_iter().flatten() {
        let theirs = run_reference(pkg, argv, what, input)?;
        match judge_output(pkg, prep, input, &theirs, &answer)? {
            Verdict::Ok => by += &format!(" (and {what})"),
            v => {
                return Err(package_error(
                    pkg,
                    &format!("the {what} and the rules disagree"),
                    v.to_string(),
                    input,
                ))
            }
        }
    }
    Ok((answer, by))
}

/// The checker's verdict on `output` for `input`, given the reference's `answer`.
pub fn judge_output(
    pkg: &Package,
    prep: &Prepared,
    input: &str,
    output: &[u8],
    answer: &[u8],
) -> Result<Verdict, Error> {
    if let Some(game) = prep
        .rules
        .as_ref()
        .filter(|g| g.spec.answer == AnswerKind::AnyWinningMove)
    {
        let inst = pkg.schema.read(input.as_bytes()).map_err(|e| {
            package_error(
                pkg,
                "the input does not meet the schema",
                e.to_string(),
                input,
            )
        })?;
        let results = game
            .solve_input(&pkg.schema, &inst, input)
            .map_err(|e| package_error(pkg, "the rules", e.0, input))?;
        return Ok(game.judge_any_move(&results, output));
    }
    match (&pkg.checker, &prep.checker) {
        (Checker::Builtin(how), _) => Ok(match compare_with(*how, answer, output) {
            Ok(()) => Verdict::Ok,
            Err(d) => Verdict::WrongAnswer(escape_bytes(d.0.as_bytes())),
        }),
        (Checker::Program(_), Some(argv)) => run_checker(pkg, argv, input, output, answer),
        (Checker::Program(_), None) => Err(Error::internal("the checker was not prepared")),
    }
}

/// Runs a testlib-compatible checker: `checker INPUT OUTPUT ANSWER`.
pub fn run_checker(
    pkg: &Package,
    argv: &[String],
    input: &str,
    output: &[u8],
    answer: &[u8],
) -> Result<Verdict, Error> {
    let dir = tempfile::Builder::new()
        .prefix("grundy-checker-")
        .tempdir()
        .map_err(|e| Error::io("a temporary folder", e))?;
    let files = [
        ("input.txt", input.as_bytes()),
        ("output.txt", output),
        ("answer.txt", answer),
    ];
    let mut args = argv.to_vec();
    for (name, bytes) in files {
        let p = dir.path().join(name);
        std::fs::write(&p, bytes).map_err(|e| Error::io(p.display(), e))?;
        args.push(p.display().to_string());
    }
    let limits = RunLimits {
        time: pkg.checker_time,
        wall: pkg.checker_time * 2,
        wall_factor: 2.0,
        memory: None,
        stack: None,
        output: 1 << 20,
        files: None,
    };
    let shown = [pkg.dir.clone()];
    let place = runner::PackagePlace {
        shown: &shown,
        folder: None,
    };
    let run = runner::run_package(&args, b"", &limits, place);
    let message = escape_bytes(&run.stderr[..run.stderr.len().min(500)])
        .trim()
        .to_string();
    match run.exit {
        Exit::Success => Ok(Verdict::Ok),
        Exit::Code(1) => Ok(Verdict::WrongAnswer(format!("checker: {message}"))),
        Exit::Code(2) => Ok(Verdict::Presentation(format!("checker: {message}"))),
        Exit::SpawnFailed(e) => Err(Error::usage(e)),
        Exit::Interrupted => Err(Error::new(
            crate::error::ErrorKind::Interrupted,
            "interrupted",
        )),
        other => Err(package_error(
            pkg,
            "the checker failed",
            format!(
                "{}{}",
                match other {
                    Exit::Code(3) => "exit code 3, checker failure".to_string(),
                    Exit::Code(c) => format!(
                        "exit code {c} (a testlib checker exits 0 OK, 1 WA, 2 PE, 3 failure)"
                    ),
                    Exit::Signal(_, name) => format!("killed by {name}"),
                    Exit::Timeout => format!(
                        "it ran past {} s of CPU time (or {} s of wall time; `[checker] time` sets it)",
                        limits.time.as_secs_f64(),
                        limits.wall.as_secs_f64()
                    ),
                    _ => "it printed more than 1 MiB".into(),
                },
                if message.is_empty() {
                    String::new()
                } else {
                    format!("; its message: {message}")
                }
            ),
            input,
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in packages that also carry their input as a schema give `n` the range
    /// their `[statement]` gives the vertices (the one source of the built-in limits), and
    /// every built-in package loads with its `[statement]`.
    #[test]
    fn the_schemas_of_the_built_in_packages_agree_with_their_statements() {
        for p in [
            Problem::Agc017d,
            Problem::Cot3,
            Problem::Poj3710,
            Problem::P2972,
        ] {
            let dir = Path::new("problems").join(p.name());
            let text = p.package_text().unwrap();
            let pkg = Package::from_text(&dir, "built in", text).unwrap();
            assert_eq!(pkg.engine, Some(p));
            if matches!(p, Problem::Agc017d | Problem::Cot3) {
                let (lo, hi) = pkg.schema.range("n");
                assert_eq!(
                    (lo as u64, hi as u64),
                    p.strict_limits().vertices,
                    "{}",
                    p.name()
                );
            }
        }
    }

    /// A package may restate an engine's constraints, not change them.
    #[test]
    fn a_statement_that_differs_from_the_engine_is_refused() {
        let text = "[reference]\nengine = \"agc017d\"\n[statement]\nvertices = [2, 50]\n";
        let e = Package::from_text(Path::new("x"), "x/problem.toml", text).unwrap_err();
        assert!(
            e.to_string()
                .contains("differs from the constraints of the engine `agc017d`"),
            "{e}"
        );
        let text = "[reference]\nengine = \"agc017d\"\n[statement]\nvertices = [2, 100000]\n";
        assert!(Package::from_text(Path::new("x"), "x/problem.toml", text).is_ok());
    }
}
