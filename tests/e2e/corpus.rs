//! Replays every corpus case through grundy's one output-level comparison
//! (`grundy_judging::judge::expected_within`): the solver's output, and the oracle's whenever it
//! answers within its budget, must agree with each other and with `NAME.out`, token for
//! token.

use grundy_fuzzing::compare::Answerer;
use grundy_fuzzing::corpus;
use grundy_games::checker::compare;
use grundy_judging::judge::expected_within;
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
        let (out, by) = expected_within(case.problem, &positions, usize::MAX, usize::MAX)
            .unwrap_or_else(|e| panic!("{}: {e}", case.input.display()));
        if let Err(d) = compare(&expected, &out) {
            panic!("{} ({by}): {d}", case.input.display());
        }
        by_oracle += usize::from(by == Answerer::Oracle);
    }
    assert!(
        by_oracle >= 25,
        "small cases are replayed through the oracle too ({by_oracle})"
    );
}
