//! The one `check(case) -> Result<(), Mismatch>` of the project: every query of a subject
//! (the fast solver, a deliberately broken mutant, …) compared with the oracle, plus a
//! relabelled copy of the case whose answer must map back onto the original one.
//! The campaign, `exhaust`, the corpus replay, `selftest` and the fuzz targets all call it.

use crate::rng::Rng;
use crate::room::Room;
use grundy_games::kind::Kind;
use grundy_games::*;
use grundy_oracle::{Budget, OracleError};
use std::fmt;

/// An engine under test: any function from positions to answers.
pub type SubjectFn<'a> = &'a dyn Fn(&Position) -> Answer;

/// A named engine under test (the solver, or a mutant of the zoo), as campaigns take it:
/// a plain function, so a campaign can run it on threads it may have to abandon (a hang).
#[derive(Clone, Copy, Debug)]
pub struct Subject {
    /// `solver`, or the mutant's name.
    pub name: &'static str,
    /// The engine.
    pub answer: fn(&Position) -> Answer,
}

/// The fast solver as a named subject.
pub const SOLVER: Subject = Subject {
    name: "solver",
    answer: solver,
};

/// The fast solver as a subject.
pub fn solver(pos: &Position) -> Answer {
    grundy_solver::solve(pos)
}

/// A disagreement: which query differs, and both answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The first query that differs, in words (1-based ids).
    pub query: String,
    /// What the oracle (or the original labelling) answered.
    pub expected: Answer,
    /// What the subject answered.
    pub actual: Answer,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.query)
    }
}

/// Why a check did not pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    /// The subject disagrees with the oracle.
    Mismatch(Box<Mismatch>),
    /// The subject panicked: the message and where (a finding like a disagreement).
    Panic(String),
    /// The oracle could not answer (over budget): the case is skipped, not failed.
    Oracle(OracleError),
}

impl CheckError {
    /// True for a finding (a disagreement or a panic), false for a skipped case.
    pub fn is_finding(&self) -> bool {
        !matches!(self, CheckError::Oracle(_))
    }

    /// The same kind of finding as `other` (what a shrink must keep).
    pub fn same_kind(&self, other: &CheckError) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::Mismatch(m) => m.fmt(f),
            CheckError::Panic(m) => write!(f, "the subject panicked: {m}"),
            CheckError::Oracle(e) => e.fmt(f),
        }
    }
}

thread_local! {
    /// Set while a subject runs on this thread: its panics are findings, not crashes.
    static IN_SUBJECT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The last subject panic's message and location.
    static LAST_PANIC: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Installs (once) a panic hook that keeps quiet about panics of a subject under test —
/// they are caught, recorded and reported as findings — and leaves every other panic to
/// the default hook.
pub fn quiet_subject_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if IN_SUBJECT.with(|f| f.get()) {
                let msg = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "(no message)".into());
                let at = info
                    .location()
                    .map(|l| format!(" at {}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(format!("{msg}{at}")));
            } else {
                default(info);
            }
        }));
    });
}

/// Runs the subject on `pos`, turning a panic into [`CheckError::Panic`].
pub fn call(subject: SubjectFn, pos: &Position) -> Result<Answer, CheckError> {
    quiet_subject_panics();
    IN_SUBJECT.with(|f| f.set(true));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| subject(pos)));
    IN_SUBJECT.with(|f| f.set(false));
    r.map_err(|_| {
        CheckError::Panic(
            LAST_PANIC
                .with(|p| p.borrow_mut().take())
                .unwrap_or_else(|| "(no message)".into()),
        )
    })
}

/// The first query on which two answers differ, described in words; `None` if equal.
pub fn difference(expected: &Answer, actual: &Answer) -> Option<String> {
    if expected.game() != actual.game() {
        return Some("answers of different games".into());
    }
    each_game!(expected.game(), G => G::difference(G::ans(expected)?, G::ans(actual)?))
}

/// What a passing check found and cost.
#[derive(Clone, Debug)]
pub struct Checked {
    /// States the oracle memoized.
    pub states: usize,
    /// The answer both engines agree on (for the shape census).
    pub answer: Answer,
}

/// Compares `subject` with the oracle on every query of `pos`.
pub fn check_against(
    pos: &Position,
    budget: Budget,
    subject: SubjectFn,
) -> Result<Checked, CheckError> {
    let oracle = grundy_oracle::solve(pos, budget).map_err(CheckError::Oracle)?;
    let actual = call(subject, pos)?;
    if let Some(query) = difference(&oracle.answer, &actual) {
        return Err(CheckError::Mismatch(Box::new(Mismatch {
            query,
            expected: oracle.answer,
            actual,
        })));
    }
    Ok(Checked {
        states: oracle.states,
        answer: actual,
    })
}

/// A copy of `pos` with vertex ids (and, for graphs, edge order) shuffled, and the way to
/// map the copy's answer back to the original ids.
pub struct Relabelled {
    /// The shuffled copy.
    pub position: Position,
    perm: Vec<Vec<u32>>,
}

/// Shuffles the ids of a position, keeping each root at 0.
pub fn relabelled(pos: &Position, rng: &mut Rng) -> Relabelled {
    each_game!(pos.game(), G => {
        let p = G::pos(pos).expect("the position's own game");
        let (copy, perm) = G::relabel(p, rng);
        Relabelled {
            position: G::position(copy),
            perm,
        }
    })
}

impl Relabelled {
    /// Maps an answer of the shuffled copy back to the original ids.
    pub fn map_back(&self, answer: &Answer) -> Answer {
        each_game!(answer.game(), G => {
            let a = G::ans(answer).expect("the answer's own game");
            G::answer(G::map_back(a, &self.perm))
        })
    }
}

/// Checks `subject` against the oracle, then against itself on a relabelled copy (seeded
/// by `seed`): an answer must not depend on vertex ids or edge order.
pub fn check_with(
    pos: &Position,
    budget: Budget,
    subject: SubjectFn,
    seed: u64,
) -> Result<Checked, CheckError> {
    let checked = check_against(pos, budget, subject)?;
    let copy = relabelled(pos, &mut Rng::new(seed));
    let mapped = copy.map_back(&call(subject, &copy.position)?);
    if let Some(q) = difference(&checked.answer, &mapped) {
        return Err(CheckError::Mismatch(Box::new(Mismatch {
            query: format!("after relabelling the vertices: {q}"),
            expected: checked.answer,
            actual: mapped,
        })));
    }
    Ok(checked)
}

/// Oracle budget for one expected output (small inputs are answered within it).
pub const EXPECTED_STATES: usize = 200_000;

/// Which of grundy's engines an expected output comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answerer {
    /// The exhaustive oracle (the input was small enough for it): both engines agreed.
    Oracle,
    /// The fast solver alone (the input was too large for the oracle).
    Solver,
}

impl Answerer {
    /// `oracle` or `solver`, as the reports say it.
    pub fn name(self) -> &'static str {
        match self {
            Answerer::Oracle => "oracle",
            Answerer::Solver => "solver",
        }
    }
}

impl std::fmt::Display for Answerer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The expected output of a contest or native file, the one output-level comparison of the
/// two engines: the solver always answers; the oracle too when every test case has at most
/// `max_vertices` vertices and size `max_size` ([`Position::size`]) and its search stays
/// within [`EXPECTED_STATES`], and then both outputs must agree token for token. Returns
/// the output and who answered, or, when the engines disagree, the difference (the
/// oracle's output expected).
pub fn expected_output(
    problem: Problem,
    cases: &[Position],
    max_vertices: usize,
    max_size: usize,
) -> Result<(Vec<u8>, Answerer), checker::Difference> {
    let solved: Vec<Answer> = cases
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
            checker::compare(&by_oracle, &by_solver)?;
            return Ok((by_oracle, Answerer::Oracle));
        }
    }
    Ok((by_solver, Answerer::Solver))
}

/// The seed of the relabelled copy when no campaign seed applies (corpus, exhaust, import).
pub const RELABEL_SEED: u64 = 0x5EED;

/// The check: the fast solver against the oracle, and against a relabelled copy of the
/// position (seeded by [`RELABEL_SEED`]).
pub fn check(pos: &Position, budget: Budget) -> Result<Checked, CheckError> {
    check_with(pos, budget, &solver, RELABEL_SEED)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{any, gen};

    #[test]
    fn solver_passes_random_cases_of_every_game() {
        for game in Game::ALL {
            for i in 0..300 {
                let g = any::position(game, &mut Rng::for_case(1, i), &gen::Sizes::SMALL);
                match check(&g.position, Budget::default()) {
                    Ok(_) => {}
                    Err(e) => panic!(
                        "{} case {i} ({}): {e}\n{}",
                        game.name(),
                        g.shape,
                        Problem::Native(game).write_input(std::slice::from_ref(&g.position))
                    ),
                }
            }
        }
    }

    #[test]
    fn a_wrong_subject_is_caught() {
        let tree = Tree::from_edges(3, &[(0, 1), (0, 2)]).unwrap();
        let pos = Position::Cut(CutPos { tree });
        let wrong = |p: &Position| {
            let mut a = solver(p);
            if let Answer::Cut(c) = &mut a {
                c.value ^= 1;
            }
            a
        };
        match check_against(&pos, Budget::default(), &wrong) {
            Err(CheckError::Mismatch(m)) => assert_eq!(m.query, "value: expected 0, got 1"),
            other => panic!("{other:?}"),
        }
    }
}
