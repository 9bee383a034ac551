//! The hand-verified answers (`games/testdata/hand_verified.toml`: small positions of
//! every game whose answers were worked out by hand from the rules, each with its
//! reasoning, and misère facts) replayed against both engines: every answer must come out
//! of the oracle — with each of its ways of keeping values — and out of the solver; the
//! misère facts, for which the solver has no rule, pin the oracle alone. `tests/e2e/cli.rs`
//! replays the same file through `grundy solve`.

use grundy_games::testdata::{HandCase, HandVerified, HAND_VERIFIED};
use grundy_games::{Position, Problem};
use grundy_oracle::{misere, solve, Budget};

fn cases() -> Vec<HandCase> {
    let data: HandVerified = toml::from_str(HAND_VERIFIED).expect("hand_verified.toml parses");
    data.case
}

/// The case's position and its game's native problem.
fn position(c: &HandCase) -> (Problem, Position) {
    let problem = Problem::from_name(&c.game).expect("a game's id");
    let mut cases = problem.parse(c.input.as_bytes(), true).expect(&c.input);
    (problem, cases.remove(0))
}

#[test]
fn both_engines_give_every_hand_verified_answer() {
    let hashed = Budget {
        dense: false,
        shapes: false,
        ..Budget::default()
    };
    let mut checked = 0;
    for c in cases() {
        let Some(expected) = &c.output else { continue };
        let (problem, pos) = position(&c);
        let engines = [
            ("the oracle", solve(&pos, Budget::default()).unwrap().answer),
            (
                "the oracle (hash memo)",
                solve(&pos, hashed).unwrap().answer,
            ),
            ("the solver", grundy_solver::solve(&pos)),
        ];
        for (who, answer) in engines {
            let got = problem.write_output(std::slice::from_ref(&answer));
            assert_eq!(
                String::from_utf8_lossy(&got),
                expected.as_str(),
                "{who} on the {} case\n{}\nwhy: {}",
                c.game,
                c.input,
                c.why
            );
        }
        checked += 1;
    }
    assert!(checked >= 15, "{checked} answers checked");
}

#[test]
fn the_oracle_gives_every_hand_verified_misere_outcome() {
    let mut checked = 0;
    for c in cases() {
        let Some(expected) = &c.misere else { continue };
        let (_, pos) = position(&c);
        let got = misere(&pos, Budget::default()).unwrap();
        assert_eq!(
            got, *expected,
            "misère, {} case\n{}\nwhy: {}",
            c.game, c.input, c.why
        );
        checked += 1;
    }
    assert!(checked >= 10, "{checked} misère outcomes checked");
}
