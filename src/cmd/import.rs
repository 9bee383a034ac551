//! `grundy import ARTIFACT --target T`: turns a libFuzzer artifact into a readable corpus
//! case — decoded exactly as the target decoded it, shrunk while the disagreement
//! persists, saved as NAME.in / NAME.out (raw artifacts are not the regression format) —
//! and `grundy fuzz-corpus`, which seeds the fuzz targets from the regression corpus.

use crate::args::*;
use crate::probe;
use grundy_fuzzing::compare::{check, Answerer, SOLVER};
use grundy_fuzzing::corpus;
use grundy_fuzzing::{shrink, targets};
use grundy_games::{Game, Position, Problem};
use grundy_judging::error::{Error, Outcome};
use grundy_oracle::Budget;
use std::path::Path;

/// How long the solver may take on an imported case before it counts as a hang.
const IMPORT_CASE_TIME: std::time::Duration = std::time::Duration::from_secs(10);

/// Imports one artifact.
pub fn import(
    artifact: &Path,
    target: &str,
    corpus_dir: &Path,
    budget: Budget,
) -> Result<Outcome, Error> {
    let data = std::fs::read(artifact)
        .map_err(|e| Error::usage(format!("{}: {e}", artifact.display())))?;
    let name = format!(
        "import-{:016x}",
        grundy_sandbox::program::content_hash(&data)
    );
    if let Some(p) = target.strip_prefix("parse_") {
        let Some(problem) = Problem::from_name(p) else {
            return Err(unknown(target));
        };
        return import_text(artifact, target, problem, &data, corpus_dir, &name);
    }
    let (problem, position) = decode(artifact, target, &data)?;
    import_position(problem, position, target, corpus_dir, &name, budget)
}

/// The position a `check_GAME` or `roundtrip` artifact decodes to
/// ([`targets::decode_artifact`]), or why it decodes to none, naming the artifact.
fn decode(artifact: &Path, target: &str, data: &[u8]) -> Result<(Problem, Position), Error> {
    targets::decode_artifact(target, data).map_err(|e| match e {
        targets::Undecoded::UnknownTarget => unknown(target),
        e => Error::usage(format!("{}: {e}", artifact.display())),
    })
}

/// A `parse_PROBLEM` artifact: an input the parser takes is kept as a regression case
/// (with the one expected answer of grundy: the oracle cross-checked with the solver
/// when small enough, else the solver, and then the case says so); one it refuses is
/// shown with its error and not kept (an invalid input has no expected output).
fn import_text(
    artifact: &Path,
    target: &str,
    problem: Problem,
    data: &[u8],
    corpus_dir: &Path,
    name: &str,
) -> Result<Outcome, Error> {
    match problem.parse(data, false) {
        Ok(cases) => {
            grundy_judging::outln!(
                "the input parses as a {} input; keeping it as a regression case",
                problem.name()
            );
            let input = problem.write_input(&cases);
            let (out, by) = grundy_judging::judge::expected(problem, &cases)?;
            save(corpus_dir, problem, name, &input, &out, target, by)
        }
        Err(e) => {
            grundy_judging::outln!(
                "{}: the parser rejects it with a clear error, as it must:\n  line {}: {}\n(an invalid input has no expected output, so it is not a corpus case)",
                artifact.display(),
                e.line(),
                e.message()
            );
            Ok(Outcome::Passed)
        }
    }
}

/// A decoded position: shrunk if the solver hangs on it or disagrees with the oracle,
/// then kept with the oracle's answer (the solver's when the oracle cannot answer, and
/// then the case says so).
fn import_position(
    problem: Problem,
    position: Position,
    target: &str,
    corpus_dir: &Path,
    name: &str,
    budget: Budget,
) -> Result<Outcome, Error> {
    let fails = |p: &Position| check(p, budget).is_err_and(|e| e.is_finding());
    let before = position.vertices();
    // A solver that hangs on the artifact is a finding too: shrunk through contained probes.
    let copy = position.clone();
    if probe::watched(IMPORT_CASE_TIME, move || check(&copy, budget).is_ok()).is_none() {
        grundy_judging::outln!(
            "the solver hangs on this input (no answer within {} s)",
            IMPORT_CASE_TIME.as_secs()
        );
        let position = match probe::hangs_within(SOLVER, IMPORT_CASE_TIME, budget) {
            Some(hangs) => shrink::shrink(position, hangs).case,
            None => position,
        };
        let expected = grundy_oracle::solve(&position, budget)
            .map_err(|e| Error::usage(format!("no expected output for the hanging case: {e}")))?;
        let input = problem.write_input(std::slice::from_ref(&position));
        let out = problem.write_output(&[expected.answer]);
        return save(
            corpus_dir,
            problem,
            name,
            &input,
            &out,
            target,
            Answerer::Oracle,
        );
    }
    let position = if fails(&position) {
        let s = shrink::shrink(position, fails);
        grundy_judging::outln!(
            "the disagreement reproduces; shrunk from {before} to {} vertices in {} steps",
            s.case.vertices(),
            s.steps
        );
        s.case
    } else {
        grundy_judging::outln!("the solver agrees with the oracle on this input (fixed already?); keeping it as a regression case");
        position
    };
    let (expected, by) = match grundy_oracle::solve(&position, budget) {
        Ok(r) => (r.answer, Answerer::Oracle),
        Err(_) => (grundy_solver::solve(&position), Answerer::Solver),
    };
    let input = problem.write_input(std::slice::from_ref(&position));
    let out = problem.write_output(&[expected]);
    save(corpus_dir, problem, name, &input, &out, target, by)
}

fn unknown(target: &str) -> Error {
    Error::usage(format!(
        "unknown target '{target}' (expected one of: {})",
        targets::names().join(", ")
    ))
}

fn save(
    dir: &Path,
    problem: Problem,
    name: &str,
    input: &str,
    out: &[u8],
    target: &str,
    by: Answerer,
) -> Result<Outcome, Error> {
    match corpus::save_case(
        dir,
        problem.name(),
        name,
        input,
        out,
        &[],
        &format!(
            "imported from a `{target}` libFuzzer artifact{}",
            if by == Answerer::Oracle {
                ""
            } else {
                " (NAME.out by the solver: too large for the oracle, so the case guards the parser, not the answer)"
            }
        ),
    ) {
        Ok(p) => {
            grundy_judging::outln!("saved: {} (+ .out)", p.display());
            grundy_judging::out!("{}", super::indent(input, 4));
            Ok(Outcome::Passed)
        }
        Err(e) => Err(Error::io("cannot save the case", e)),
    }
}

/// Writes the fuzz targets' seed corpus from the regression corpus.
pub fn seed_corpus(corpus_dir: &Path, out: &Path) -> Result<Outcome, Error> {
    let cases = corpus::list(corpus_dir).map_err(|e| Error::usage(e.to_string()))?;
    let mut written = 0;
    for case in &cases {
        let Ok(text) = std::fs::read(&case.input) else {
            continue;
        };
        let mut put = |target: String, bytes: Vec<u8>| {
            let path = out
                .join(target)
                .join(format!("{}-{}", case.problem.name(), case.name));
            if corpus::write_atomic(&path, &bytes).is_ok() {
                written += 1;
            }
        };
        put(format!("parse_{}", case.problem.name()), text.clone());
        if case.problem.is_contest() && case.problem != Problem::Poj3710 {
            // A contest input is also a native input of its game.
            put(
                format!("parse_{}", case.problem.game().name()),
                text.clone(),
            );
        }
        if case.problem != Problem::Poj3710 {
            let game = case.problem.game();
            let mut b = b"#".to_vec();
            b.extend_from_slice(&text);
            put(format!("check_{}", game.name()), b.clone());
            let mut r = vec![Game::ALL.iter().position(|&g| g == game).unwrap_or(0) as u8];
            r.extend_from_slice(&b);
            put("roundtrip".into(), r);
        }
    }
    grundy_judging::outln!("{written} seed inputs written under {}", out.display());
    Ok(Outcome::Passed)
}

/// The arguments of `grundy import`.
#[derive(clap::Args, Debug)]
pub struct ImportArgs {
    /// The artifact file (e.g. fuzz/artifacts/check_cut/crash-…).
    artifact: PathBuf,
    /// The target that produced it (check_GAME, parse_PROBLEM or roundtrip).
    #[arg(long)]
    target: String,
    /// The corpus to add the case to.
    #[arg(long, default_value = "corpus")]
    corpus: PathBuf,
}

impl ImportArgs {
    /// Runs the command with these arguments.
    pub fn run(self) -> Result<Outcome, Error> {
        let ImportArgs {
            artifact,
            target,
            corpus,
        } = self;
        crate::cmd::import::import(&artifact, &target, &corpus, Budget::default())
    }
}

/// The arguments of `grundy fuzz-corpus`.
#[derive(clap::Args, Debug)]
pub struct FuzzCorpusArgs {
    /// The regression corpus.
    #[arg(long, default_value = "corpus")]
    corpus: PathBuf,
    /// Where the seed inputs go.
    #[arg(long, default_value = "fuzz/corpus")]
    out: PathBuf,
}

impl FuzzCorpusArgs {
    /// Runs the command with these arguments.
    pub fn run(self) -> Result<Outcome, Error> {
        let FuzzCorpusArgs { corpus, out } = self;
        crate::cmd::import::seed_corpus(&corpus, &out)
    }
}
