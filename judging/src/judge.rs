//! Judging a program's output on one input: the expected answer (by the oracle for small
//! inputs, cross-checked with the solver; by the solver otherwise), then a verdict —
//! OK, WA (with the checker's first difference), PE (not shaped like an answer),
//! RE (exit code or signal, named), TLE, MLE or OLE (output limit).

pub use crate::code::Code;
use crate::error::{Error, ErrorKind};
use crate::output::escape_bytes;
use grundy_fuzzing::compare::{expected_output, Answerer};
use grundy_games::{checker, format, Position, Problem};
use grundy_sandbox::runner::{self, Exit, Run, RunLimits};
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
    /// Over the time limit: what stopped it, and the figures in words.
    TimeLimit(Over, String),
    /// Over the memory limit.
    MemoryLimit,
    /// Printed more than the output cap.
    OutputLimit,
    /// Passed on the ordinary build, but its sanitized build (`--sanitize`) reports
    /// undefined behaviour: the sanitizer's finding in one line.
    Undefined(String),
}

impl Verdict {
    /// Its code ([`Code`]: one list for every report).
    pub fn kind(&self) -> Code {
        match self {
            Verdict::Ok => Code::Ok,
            Verdict::WrongAnswer(_) => Code::Wa,
            Verdict::Presentation(_) => Code::Pe,
            Verdict::Runtime(_) => Code::Re,
            Verdict::TimeLimit(..) => Code::Tle,
            Verdict::MemoryLimit => Code::Mle,
            Verdict::OutputLimit => Code::Ole,
            Verdict::Undefined(_) => Code::Ub,
        }
    }

    /// The short code as reports print it (OK, WA, PE, RE, TLE, MLE, OLE, UB).
    pub fn code(&self) -> &'static str {
        self.kind().as_str()
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Ok => write!(f, "OK"),
            Verdict::WrongAnswer(d) => write!(f, "WA: {d}"),
            Verdict::Presentation(d) => write!(f, "PE: {d}"),
            Verdict::Runtime(d) => write!(f, "RE: {d}"),
            Verdict::TimeLimit(_, d) => write!(f, "TLE: {d}"),
            Verdict::MemoryLimit => write!(f, "MLE"),
            Verdict::OutputLimit => write!(f, "OLE: output limit exceeded"),
            Verdict::Undefined(d) => write!(f, "UB: {d}"),
        }
    }
}

/// What stopped a run over the time limit: the reports and the groups decide by it,
/// never by the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Over {
    /// Its CPU time went over the limit.
    Cpu,
    /// The wall-clock backstop, its CPU time under the limit: a program that sleeps or
    /// waits, or a loaded machine.
    WallClock,
    /// An interactive program's turn with no line: silent past its time, or idle (no CPU
    /// time) while the jury waited on it.
    Turn,
    /// A game that ran out of time otherwise: the jury's line not read, the game not
    /// ended, the program not exiting after it.
    Game,
}

pub use grundy_fuzzing::compare::EXPECTED_STATES;

/// Inputs whose test cases each have at most this many vertices and this size
/// ([`Position::size`]) are judged by the oracle, when it answers within
/// [`EXPECTED_STATES`]; larger ones by the solver.
pub const ORACLE_MAX_VERTICES: usize = 42;
/// See [`ORACLE_MAX_VERTICES`].
pub const ORACLE_MAX_SIZE: usize = 40;

/// The expected output of a contest or native input by the one output-level comparison
/// ([`expected_output`]): a disagreement of grundy's engines is a bug in grundy, an
/// internal error. Returns the output and who answered.
pub fn expected_within(
    problem: Problem,
    cases: &[Position],
    max_vertices: usize,
    max_size: usize,
) -> Result<(Vec<u8>, Answerer), Error> {
    expected_output(problem, cases, max_vertices, max_size).map_err(|d| {
        Error::internal(format!(
            "grundy's solver and oracle disagree on this input ({d}, the oracle's answer expected); please report it:\n{}",
            problem.write_input(cases)
        ))
    })
}

/// The expected output for judging a program: [`expected_within`] the sizes the oracle
/// answers quickly ([`ORACLE_MAX_VERTICES`], [`ORACLE_MAX_SIZE`]).
pub fn expected(problem: Problem, cases: &[Position]) -> Result<(Vec<u8>, Answerer), Error> {
    expected_within(problem, cases, ORACLE_MAX_VERTICES, ORACLE_MAX_SIZE)
}

/// How the message of a TLE stopped by the wall-clock backstop (its CPU time under the
/// limit) begins; what decides is [`Over::WallClock`].
pub const WALL_BACKSTOP: &str = "stopped by the wall-clock backstop";

/// The verdict of a run that did not end normally (TLE, OLE, MLE, RE), or `None` when the
/// program exited with code 0 and its output is to be checked. A program that cannot be
/// started is bad usage, and a run stopped by a signal to grundy is no verdict: both are
/// errors.
pub fn classify(run: &Run, limits: &RunLimits) -> Result<Option<Verdict>, Error> {
    // Out of memory: a peak past half the limit (an address-space limit stops a program
    // well before its resident memory reaches it), or the words a runtime says then
    // (`bad_alloc`, and each language's `memory_errors`: Python's `MemoryError`, a JVM's
    // `OutOfMemoryError`).
    let stderr = String::from_utf8_lossy(&run.stderr);
    let mle = |run: &Run| {
        limits
            .memory
            .is_some_and(|m| run.own_peak().is_some_and(|p| p >= m / 2))
            || stderr.contains("bad_alloc")
            || grundy_sandbox::language::says_out_of_memory(&stderr)
    };
    // A runtime measured by resident memory (a JVM, Node.js) has no address-space limit
    // to stop it: a peak past the limit is MLE even when it ended well.
    let over = limits
        .memory
        .is_some_and(|m| run.own_peak().is_some_and(|p| p > m));
    // The kernel killed a process of the run at the memory limit of all its processes
    // together (its control group): MLE, whichever process it was and however the run
    // then ended.
    if run.killed_at_memory_limit() && !matches!(run.exit, Exit::SpawnFailed(_) | Exit::Interrupted)
    {
        return Ok(Some(Verdict::MemoryLimit));
    }
    Ok(Some(match &run.exit {
        // The verdict is CPU time; the wall-clock backstop is for programs that sleep or
        // wait. Stopped by it under the CPU limit, the run says so.
        Exit::Timeout if run.cpu < limits.time => Verdict::TimeLimit(Over::WallClock, format!(
            "{WALL_BACKSTOP} after {:.3} s with {:.3} s of CPU time (limit {} s): a program that sleeps or waits, or a loaded machine{}",
            run.wall.as_secs_f64(),
            run.cpu.as_secs_f64(),
            limits.time.as_secs_f64(),
            run.processes_text()
        )),
        Exit::Timeout => Verdict::TimeLimit(Over::Cpu, format!(
            "{:.3} s CPU (limit {} s), {:.3} s wall (backstop {} s){}",
            run.cpu.as_secs_f64(),
            limits.time.as_secs_f64(),
            run.wall.as_secs_f64(),
            limits.wall.as_secs_f64(),
            run.processes_text()
        )),
        Exit::OutputLimit => Verdict::OutputLimit,
        Exit::SpawnFailed(e) => return Err(Error::usage(e.clone())),
        Exit::Interrupted => return Err(Error::new(ErrorKind::Interrupted, "interrupted")),
        Exit::Code(_) | Exit::Signal(_, _) if limits.memory.is_some() && mle(run) => {
            Verdict::MemoryLimit
        }
        _ if over => Verdict::MemoryLimit,
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
        Err(e) => Verdict::Presentation(escape_bytes(e.0.as_bytes())),
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
    limits: &RunLimits,
) -> Result<(Verdict, Run), Error> {
    let run = runner::run(argv, input, limits);
    let verdict = match classify(&run, limits)? {
        Some(v) => v,
        None => check_output(problem, cases, &run.stdout, expected),
    };
    Ok((verdict, run))
}
