//! The oracle's ways of keeping values give the same answers: for `cut`, `hackenbush` and
//! small `staircase` layouts the states are numbered and searched with a dense table, or
//! (when the numbers exceed the budget, or with `Budget::dense` off) with the hash memo;
//! a `hackenbush` block of more than 16 edges is searched by flood fill instead of block
//! tables. Each path must agree with the others and with the solver, under normal and
//! misère play.

use grundy_fuzzing::any;
use grundy_fuzzing::compare::{check_against, solver};
use grundy_fuzzing::gen::Sizes;
use grundy_fuzzing::Rng;
use grundy_games::{Game, Graph, HackenbushPos, Position};
use grundy_oracle::{misere, solve, Budget};

/// Every search runs (no value kept by shape from an earlier one): the states compare.
fn dense() -> Budget {
    Budget {
        shapes: false,
        ..Budget::states(2_000_000)
    }
}

fn hashed() -> Budget {
    Budget {
        dense: false,
        ..dense()
    }
}

/// Both memories, the solver, and both memories' misère outcomes agree on `pos`.
fn all_agree(pos: &Position) {
    let a = solve(pos, dense()).expect("within budget");
    let b = solve(pos, hashed()).expect("within budget");
    assert_eq!(a.answer, b.answer, "dense and hash memo differ on {pos:?}");
    assert_eq!(a.states, b.states, "states differ on {pos:?}");
    check_against(pos, dense(), &solver).unwrap_or_else(|e| panic!("{e}: {pos:?}"));
    assert_eq!(
        misere(pos, dense()).unwrap(),
        misere(pos, hashed()).unwrap(),
        "misère outcomes differ on {pos:?}"
    );
}

#[test]
fn numbered_games_random_positions() {
    let sizes = Sizes {
        vertices: 14,
        edges: 14,
        ..Sizes::SMALL
    };
    for case in 0..300 {
        for game in [Game::Cut, Game::Hackenbush, Game::Staircase] {
            let g = any::position(game, &mut Rng::for_case(5, case), &sizes);
            all_agree(&g.position);
        }
    }
}

/// A ring of `n` edges through the ground, with a pendant edge on every third vertex.
fn ring(n: u32) -> Graph {
    let mut g = Graph {
        n,
        edges: (0..n).map(|i| (i, (i + 1) % n)).collect(),
    };
    for i in (1..n).step_by(3) {
        g.edges.push((i, g.n));
        g.n += 1;
    }
    g
}

#[test]
fn blocks_larger_than_the_tables() {
    // One block of 20 edges (flood-fill path), beside a small graph (another path would
    // number it); and a complete graph K6 (15 edges, the largest tables).
    let k6 = Graph {
        n: 6,
        edges: (0..6u32)
            .flat_map(|a| (a + 1..6).map(move |b| (a, b)))
            .collect(),
    };
    for graphs in [
        vec![ring(20)],
        vec![
            ring(17),
            Graph {
                n: 3,
                edges: vec![(0, 1), (1, 2), (2, 0)],
            },
        ],
        vec![k6],
    ] {
        all_agree(&Position::Hackenbush(HackenbushPos { graphs }));
    }
}

#[test]
fn over_the_budget_numbers_fall_back_to_the_hash_memo() {
    // A star of 30 rays has 2^30 states: far over a 1000-state budget, both ways.
    let parent: Vec<u32> = (0..31).map(|i| if i == 0 { u32::MAX } else { 0 }).collect();
    let tree = grundy_games::Tree::from_parents(&parent).unwrap();
    let pos = Position::Cut(grundy_games::CutPos { tree });
    for budget in [
        Budget::states(1000),
        Budget {
            dense: false,
            ..Budget::states(1000)
        },
    ] {
        let e = solve(&pos, budget).unwrap_err().to_string();
        assert!(
            e.starts_with("position too large for exhaustive search:") && e.ends_with("limit 1000"),
            "{e}"
        );
    }
}
