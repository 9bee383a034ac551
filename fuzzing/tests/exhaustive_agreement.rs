//! The solver and the oracle agree on every small position: every rooted tree up to 8
//! vertices (each unlabelled shape once) for `cut`, `chip` with 1 and 2 chips and `paint`
//! with every colouring; every multigraph with up to 6 edges on up to 4 vertices for
//! `hackenbush`; every stone layout up to 5 vertices, 3 stones each and L ≤ 3.

use grundy_fuzzing::any;
use grundy_fuzzing::compare::{check_against, solver};
use grundy_fuzzing::exhaust::Bounds;
use grundy_games::{Game, Position, Problem};
use grundy_oracle::Budget;
use std::ops::ControlFlow;

fn agree(game: Game, bounds: Bounds) -> usize {
    let mut count = 0;
    let _ = any::positions(game, &bounds, |pos: Position| {
        if let Err(e) = check_against(&pos, Budget::default(), &solver) {
            panic!(
                "{}: {e}\n{}",
                game.name(),
                Problem::Native(game).write_input(&[pos])
            );
        }
        count += 1;
        ControlFlow::Continue(())
    });
    count
}

#[test]
fn cut_trees_up_to_8() {
    // 1 + 1 + 2 + 4 + 9 + 20 + 48 + 115 rooted trees.
    assert_eq!(agree(Game::Cut, Bounds::new(8)), 200);
}

#[test]
fn chip_one_and_two_chips_up_to_8() {
    assert!(agree(Game::Chip, Bounds::new(8)) > 5000);
}

#[test]
fn paint_every_colouring_up_to_8() {
    assert!(agree(Game::Paint, Bounds::new(8)) > 30_000);
}

#[test]
fn hackenbush_multigraphs_4_vertices_6_edges() {
    let b = Bounds {
        edges: 6,
        ..Bounds::new(4)
    };
    // The multisets of at most 6 of the n(n+1)/2 vertex pairs, n = 1..4 (7 + 84 + 924 +
    // 8008 labelled graphs), of which the enumeration keeps those whose non-root degrees
    // never increase: every graph up to relabelling (see `exhaust::graphs`).
    assert_eq!(agree(Game::Hackenbush, b), 2568);
}

#[test]
fn staircase_layouts_up_to_5() {
    let b = Bounds {
        stones: 3,
        cap: 3,
        ..Bounds::new(5)
    };
    assert!(agree(Game::Staircase, b) > 5000);
}
