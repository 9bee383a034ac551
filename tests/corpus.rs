//! Replays every corpus case: the solver's output must match `NAME.out` token for token,
//! and so must the oracle's whenever it can answer within its budget.

use grundy::corpus;
use grundy::engine::{self, Engine};
use grundy_games::checker::compare;
use grundy_oracle::Budget;
use std::path::Path;

#[test]
fn every_corpus_case_passes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let cases = corpus::list(&dir).expect("corpus readable");
    assert!(cases.len() >= 25, "the corpus holds the seeded cases");
    let mut by_oracle = 0;
    for case in &cases {
        let input = std::fs::read(&case.input).unwrap();
        let expected = std::fs::read(&case.output)
            .unwrap_or_else(|_| panic!("{}: missing .out", case.input.display()));
        let positions = case
            .problem
            .parse(&input, false)
            .unwrap_or_else(|e| panic!("{}: {e}", case.input.display()));
        let budget = Budget::states(200_000);
        let solved = engine::answer(Engine::Solver, case.problem, &positions, budget).unwrap();
        if let Err(d) = compare(&expected, &solved) {
            panic!("{} (solver): {d}", case.input.display());
        }
        // Past the oracle's budget (big cases) only the solver replays them.
        if let Ok(out) = engine::answer(Engine::Oracle, case.problem, &positions, budget) {
            by_oracle += 1;
            if let Err(d) = compare(&expected, &out) {
                panic!("{} (oracle): {d}", case.input.display());
            }
        }
    }
    assert!(
        by_oracle >= 25,
        "small cases are replayed through the oracle too"
    );
}
