//! `grundy solve` and `grundy validate`.

use crate::args::*;
use crate::engine::{self, Engine};
use grundy_games::peel;
use grundy_games::{Answer, CutAnswer, Game, Problem};
use grundy_judging::error::{Error, Outcome};
use grundy_judging::input;
use grundy_oracle::Budget;
use std::path::{Path, PathBuf};

/// Answers an input with the chosen engine (or its misère outcome).
pub fn solve(
    problem: Problem,
    file: Option<PathBuf>,
    engine: Engine,
    strict: bool,
    budget: Budget,
    misere: bool,
) -> Result<Outcome, Error> {
    // A tree as N (colours) and N − 1 edges, answered by the solver: the leaf-peeling path.
    let fast = layout(problem).is_some() && engine == Engine::Solver && !misere;
    if fast {
        if let Some(out) = peeled_file(problem, file.as_deref(), strict) {
            grundy_judging::output::write_bytes(&out);
            return Ok(Outcome::Passed);
        }
    }
    let (buf, source) = input::read(problem, file.as_deref(), strict)?;
    if fast {
        let layout = layout(problem).expect("a tree problem");
        let tree = peel::read_tree(&buf, layout, vertices(problem, strict));
        if let Some(out) = tree.and_then(|t| peeled(problem, t)) {
            grundy_judging::output::write_bytes(&out);
            return Ok(Outcome::Passed);
        }
    }
    let cases = input::parse(problem, &buf, &source, strict)?;
    // The text is not needed past the parse (13–16 MB for 10^6 vertices).
    drop(buf);
    let out = if misere {
        engine::misere(&cases, budget)
    } else {
        engine::answer(engine, problem, &cases, budget)
    }
    .map_err(|e| Error::input(e.to_string()))?;
    grundy_judging::output::write_bytes(&out);
    Ok(Outcome::Passed)
}

/// How an input of `problem` lays out its tree, for the problems the peeling path answers.
fn layout(problem: Problem) -> Option<peel::Layout> {
    match problem {
        Problem::Agc017d | Problem::Native(Game::Cut) => Some(peel::Layout::Edges),
        Problem::Cot3 | Problem::Native(Game::Paint) => Some(peel::Layout::ColoursThenEdges),
        _ => None,
    }
}

/// The vertex range of an input of `problem`.
fn vertices(problem: Problem, strict: bool) -> (u64, u64) {
    if strict {
        problem.strict_limits().vertices
    } else {
        grundy_games::InputBounds::LENIENT.vertices
    }
}

/// The answer to a tree input file by leaf peeling, streamed in chunks: neither the input
/// nor the tree is held whole ([`grundy_games::peel`]). Standard input is streamed the
/// same way when it is a regular file (`< FILE`), through a second opening of it
/// (`/dev/stdin`), so that its own offset stays at the start. `None` for a pipe, and for
/// anything the peeling does not take: the caller then reads the input the usual way
/// (and the full parser names what is wrong with it, if anything).
fn peeled_file(problem: Problem, file: Option<&Path>, strict: bool) -> Option<Vec<u8>> {
    let stdin = file.is_none_or(|p| p == Path::new("-"));
    // SAFETY: lseek on descriptor 0 only reads its offset (an error for a pipe: -1).
    if stdin && unsafe { libc::lseek(0, 0, libc::SEEK_CUR) } != 0 {
        return None;
    }
    let path = file.filter(|_| !stdin).unwrap_or(Path::new("/dev/stdin"));
    let f = std::fs::File::open(path).ok()?;
    let size = f.metadata().ok().filter(|m| m.is_file())?.len();
    let layout = layout(problem)?;
    let tree = peel::read_tree_from(f, layout, vertices(problem, strict), Some(size)).ok()??;
    peeled(problem, tree)
}

/// The output for a peeled tree: the value alone for AGC 017 D, the whole answer for
/// `cut`, `paint` and COT 3; `None` when the edges are not a tree.
fn peeled(problem: Problem, tree: peel::Peeling) -> Option<Vec<u8>> {
    let answer = match problem {
        Problem::Agc017d => Answer::Cut(CutAnswer {
            value: grundy_solver::cut::peeled_value(tree)?,
            ..Default::default()
        }),
        Problem::Cot3 | Problem::Native(Game::Paint) => {
            Answer::Paint(grundy_solver::paint::peeled_answer(tree)?)
        }
        _ => Answer::Cut(grundy_solver::cut::peeled_answer(tree)?),
    };
    Some(problem.write_output(&[answer]))
}

/// Checks an input against the statement's constraints.
pub fn validate(problem: Problem, file: Option<PathBuf>, lenient: bool) -> Result<Outcome, Error> {
    let (buf, source) = input::read(problem, file.as_deref(), true)?;
    let cases = input::parse(problem, &buf, &source, true)?;
    if !lenient {
        // The layout a strict reader wants: what the format's writer prints, token for
        // token on the same lines.
        grundy_games::layout::check(&buf, problem.write_input(&cases).as_bytes()).map_err(|e| {
            Error::input(format!("{source}: {e} (--lenient accepts any white space)"))
        })?;
    }
    grundy_judging::outln!(
        "OK: a valid {} input ({} test case{})",
        problem.name(),
        cases.len(),
        if cases.len() == 1 { "" } else { "s" }
    );
    Ok(Outcome::Passed)
}

/// The arguments of `grundy solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// A contest problem, a native game (the list is at the end of `grundy --help`), or a
    /// package folder (answered by its rules or references).
    #[arg(value_parser = parse_target)]
    problem: Target,
    /// The input file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Which engine answers: the fast solver, or exhaustive search (small inputs).
    #[arg(long, value_enum, default_value_t = Engine::Solver)]
    engine: Engine,
    /// Also enforce every constraint of the contest statement (as `validate` does).
    #[arg(long)]
    strict: bool,
    /// Oracle budget: most states one search may memoize before giving up (default
    /// 1,000,000, or a package's `[game] max_states`).
    #[arg(long)]
    max_states: Option<usize>,
    /// Print the misère outcome (First/Second to win) instead, by the oracle.
    #[arg(long)]
    misere: bool,
    /// For a package with rules: show what the rules print (stdout and stderr) as they
    /// print it.
    #[arg(long)]
    rules_stderr: bool,
}

/// The arguments of `grundy validate`.
#[derive(clap::Args, Debug)]
pub struct ValidateArgs {
    /// The problem whose constraints apply: a built-in id or a package folder.
    #[arg(value_parser = parse_target)]
    problem: Target,
    /// The input file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Accept any white space between tokens (the reading of `solve`), instead of the
    /// strict layout: one space, `\n` line ends, a final newline, no blank lines, no
    /// leading zeros, the format's tokens on each line.
    #[arg(long)]
    lenient: bool,
}

impl SolveArgs {
    /// Runs the command with these arguments.
    pub fn run(self) -> Result<Outcome, Error> {
        let SolveArgs {
            problem,
            file,
            engine,
            strict,
            max_states,
            misere,
            rules_stderr,
        } = self;
        if rules_stderr {
            grundy_judging::rules::show_stderr();
        }
        let problem = match problem {
            Target::Package(dir) => {
                let pkg = grundy_judging::package::Package::load(&dir)?;
                match pkg.engine {
                    Some(p) => p,
                    None => return grundy_judging::workbench::solve(pkg, file, max_states),
                }
            }
            Target::Builtin(p) => p,
        };
        crate::cmd::solve::solve(
            problem,
            file,
            engine,
            strict,
            Budget::states(max_states.unwrap_or(grundy_oracle::DEFAULT_MAX_STATES)),
            misere,
        )
    }
}

impl ValidateArgs {
    /// Runs the command with these arguments.
    pub fn run(self) -> Result<Outcome, Error> {
        let ValidateArgs {
            problem,
            file,
            lenient,
        } = self;
        match (engine_of(&problem)?, problem) {
            (Some(p), _) => crate::cmd::solve::validate(p, file, lenient),
            (None, Target::Package(dir)) => {
                grundy_judging::workbench::validate(&dir, file, lenient)
            }
            (None, Target::Builtin(_)) => unreachable!("a built-in problem is its own engine"),
        }
    }
}
