//! Judging a program's output on one input: the expected answer (by the oracle for small
//! inputs, cross-checked with the solver; by the solver otherwise), then a verdict —
//! OK, WA (with the checker's first difference), PE (not shaped like an answer),
//! RE (exit code or signal, named), TLE, MLE or OLE (output limit).

use crate::error::{Error, ErrorKind};
use crate::output::escape_bytes;
use crate::runner::{self, Exit, Limits, Run};
use grundy_games::{checker, format, Position, Problem};
use grundy_oracle::Budget;
use std::fmt;

/// The verdict on one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted.
    Ok,
    /// Wrong answer: the first difference.
    WrongAnswer(String),
    /// Presentation error: the output is not shaped like an answer.
    Presentation(String),
    /// Runtime error: a non-zero exit code or a signal.
    Runtime(String),
    /// Over the time limit: CPU time over the limit, or wall time over the backstop.
    TimeLimit(String),
    /// Over the memory limit.
    MemoryLimit,
    /// Printed more than the output cap.
    OutputLimit,
}

impl Verdict {
    /// The short code (OK, WA, PE, RE, TLE, MLE, OLE).
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::Ok => "OK",
            Verdict::WrongAnswer(_) => "WA",
            Verdict::Presentation(_) => "PE",
            Verdict::Runtime(_) => "RE",
            Verdict::TimeLimit(_) => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::OutputLimit => "OLE",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Ok => write!(f, "OK"),
            Verdict::WrongAnswer(d) => write!(f, "WA: {d}"),
            Verdict::Presentation(d) => write!(f, "PE: {d}"),
            Verdict::Runtime(d) => write!(f, "RE: {d}"),
            Verdict::TimeLimit(d) => write!(f, "TLE: {d}"),
            Verdict::MemoryLimit => write!(f, "MLE"),
            Verdict::OutputLimit => write!(f, "OLE: output limit exceeded"),
        }
    }
}

/// Oracle budget for one expected answer (small inputs are answered within it).
pub const EXPECTED_STATES: usize = 200_000;

/// Inputs whose test cases each have at most this many vertices and this size
/// ([`Position::size`]) are judged by the oracle, when it answers within
/// [`EXPECTED_STATES`]; larger ones by the solver.
pub const ORACLE_MAX_VERTICES: usize = 42;
/// See [`ORACLE_MAX_VERTICES`].
pub const ORACLE_MAX_SIZE: usize = 40;

/// The expected output of a contest or native input, the one output-level comparison of
/// grundy's two engines: the solver always answers; the oracle too when every test case
/// is within `max_vertices` and `max_size` and its search within `EXPECTED_STATES`, and
/// then both must agree (a disagreement is a bug in grundy: an internal error). Returns
/// the output and who answered (`oracle` or `solver`).
pub fn expected_within(
    problem: Problem,
    cases: &[Position],
    max_vertices: usize,
    max_size: usize,
) -> Result<(Vec<u8>, &'static str), Error> {
    let solved: Vec<_> = cases
        .iter()
        .map(|c| grundy_solver::answer_for(problem, c))
        .collect();
    let by_solver = problem.write_output(&solved);
    let small = cases
        .iter()
        .all(|c| c.vertices() <= max_vertices && c.size() <= max_size);
    if small {
        let budget = Budget::states(EXPECTED_STATES);
        if let Ok(answers) = cases
            .iter()
            .map(|c| grundy_oracle::solve(c, budget).map(|r| r.answer))
            .collect::<Result<Vec<_>, _>>()
        {
            let by_oracle = problem.write_output(&answers);
            if let Err(d) = checker::compare(&by_oracle, &by_solver) {
                return Err(Error::internal(format!(
                    "grundy's solver and oracle disagree on this input ({d}, the oracle's answer expected); please report it:\n{}",
                    problem.write_input(cases)
                )));
            }
            return Ok((by_oracle, "oracle"));
        }
    }
    Ok((by_solver, "solver"))
}

/// The expected output for judging a program: [`expected_within`] the sizes the oracle
/// answers quickly ([`ORACLE_MAX_VERTICES`], [`ORACLE_MAX_SIZE`]).
pub fn expected(problem: Problem, cases: &[Position]) -> Result<(Vec<u8>, &'static str), Error> {
    expected_within(problem, cases, ORACLE_MAX_VERTICES, ORACLE_MAX_SIZE)
}

/// The verdict of a run that did not end normally (TLE, OLE, MLE, RE), or `None` when the
/// program exited with code 0 and its output is to be checked. A program that cannot be
/// started is bad usage, and a run stopped by a signal to grundy is no verdict: both are
/// errors.
pub fn classify(run: &Run, limits: &Limits) -> Result<Option<Verdict>, Error> {
    let mle = |run: &Run| {
        limits.memory.is_some_and(|m| run.max_rss >= m / 2)
            || String::from_utf8_lossy(&run.stderr).contains("bad_alloc")
            || String::from_utf8_lossy(&run.stderr).contains("MemoryError")
    };
    Ok(Some(match &run.exit {
        Exit::Timeout => Verdict::TimeLimit(format!(
            "{:.3} s CPU (limit {} s), {:.3} s wall (backstop {} s)",
            run.cpu.as_secs_f64(),
            limits.time.as_secs_f64(),
            run.wall.as_secs_f64(),
            limits.wall.as_secs_f64()
        )),
        Exit::OutputLimit => Verdict::OutputLimit,
        Exit::SpawnFailed(e) => return Err(Error::usage(e.clone())),
        Exit::Interrupted => return Err(Error::new(ErrorKind::Interrupted, "interrupted")),
        Exit::Code(_) | Exit::Signal(_, _) if limits.memory.is_some() && mle(run) => {
            Verdict::MemoryLimit
        }
        Exit::Code(c) => Verdict::Runtime(format!("exit code {c}")),
        Exit::Signal(s, name) => Verdict::Runtime(format!("killed by signal {s}, {name}")),
        Exit::Success => return Ok(None),
    }))
}

/// Checks a built-in problem's output: shaped like an answer (else PE), then the same
/// tokens as `expected` (else WA with the first difference).
pub fn check_output(
    problem: Problem,
    cases: &[Position],
    output: &[u8],
    expected: &[u8],
) -> Verdict {
    match format::check(problem, cases, output) {
        Err(e) => Verdict::Presentation(escape_bytes(e.as_bytes())),
        Ok(()) => match checker::compare(expected, output) {
            Ok(()) => Verdict::Ok,
            Err(d) => Verdict::WrongAnswer(escape_bytes(d.to_string().as_bytes())),
        },
    }
}

/// Runs the program and judges its output against `expected` (a built-in problem).
pub fn judge(
    problem: Problem,
    cases: &[Position],
    input: &[u8],
    expected: &[u8],
    argv: &[String],
    limits: &Limits,
) -> Result<(Verdict, Run), Error> {
    let run = runner::run(argv, input, limits);
    let verdict = match classify(&run, limits)? {
        Some(v) => v,
        None => check_output(problem, cases, &run.stdout, expected),
    };
    Ok((verdict, run))
}
