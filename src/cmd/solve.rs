//! `grundy solve` and `grundy validate`.

use crate::engine::{self, Engine};
use crate::error::{Error, Outcome};
use crate::input;
use grundy_games::peel;
use grundy_games::Problem;
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
    let fast = problem == Problem::Agc017d && engine == Engine::Solver && !misere;
    if fast {
        if let Some(out) = peeled_agc017d_file(file.as_deref(), strict) {
            crate::output::write_bytes(&out);
            return Ok(Outcome::Passed);
        }
    }
    let (buf, source) = input::read(problem, file.as_deref(), strict)?;
    if fast {
        let tree = peel::read_edge_list(&buf, agc017d_vertices(strict));
        if let Some(out) = tree.and_then(peeled_agc017d) {
            crate::output::write_bytes(&out);
            return Ok(Outcome::Passed);
        }
    }
    let cases = input::parse(problem, &buf, &source, strict)?;
    let out = if misere {
        engine::misere(&cases, budget)
    } else {
        engine::answer(engine, problem, &cases, budget)
    }
    .map_err(|e| Error::input(e.to_string()))?;
    crate::output::write_bytes(&out);
    Ok(Outcome::Passed)
}

/// The vertex range of an AGC 017 D input.
fn agc017d_vertices(strict: bool) -> (u64, u64) {
    if strict {
        Problem::Agc017d.strict_limits().vertices
    } else {
        grundy_games::Limits::LENIENT.vertices
    }
}

/// The answer to an AGC 017 D input file by leaf peeling, streamed in chunks: neither the
/// input nor the tree is held whole ([`grundy_games::peel`]). Standard input is streamed
/// the same way when it is a regular file (`< FILE`), through a second opening of it
/// (`/dev/stdin`), so that its own offset stays at the start. `None` for a pipe, and for
/// anything the peeling does not take: the caller then reads the input the usual way
/// (and the full parser names what is wrong with it, if anything).
fn peeled_agc017d_file(file: Option<&Path>, strict: bool) -> Option<Vec<u8>> {
    let stdin = file.is_none_or(|p| p == Path::new("-"));
    // SAFETY: lseek on descriptor 0 only reads its offset (an error for a pipe: -1).
    if stdin && unsafe { libc::lseek(0, 0, libc::SEEK_CUR) } != 0 {
        return None;
    }
    let path = file.filter(|_| !stdin).unwrap_or(Path::new("/dev/stdin"));
    let f = std::fs::File::open(path).ok()?;
    let size = f.metadata().ok().filter(|m| m.is_file())?.len();
    let tree = peel::read_edge_list_from(f, agc017d_vertices(strict), Some(size)).ok()??;
    peeled_agc017d(tree)
}

/// The output for a peeled AGC 017 D tree; `None` when the edges are not a tree.
fn peeled_agc017d(tree: peel::Peeling) -> Option<Vec<u8>> {
    let value = grundy_solver::cut::peeled_value(tree)?;
    let answer = grundy_games::Answer::Cut(grundy_games::CutAnswer {
        value,
        ..Default::default()
    });
    Some(Problem::Agc017d.write_output(&[answer]))
}

/// Checks an input against the statement's constraints.
pub fn validate(problem: Problem, file: Option<PathBuf>) -> Result<Outcome, Error> {
    let cases = input::load(problem, file.as_deref(), true)?;
    crate::outln!(
        "OK: a valid {} input ({} test case{})",
        problem.name(),
        cases.len(),
        if cases.len() == 1 { "" } else { "s" }
    );
    Ok(Outcome::Passed)
}
