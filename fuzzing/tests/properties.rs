//! Property tests (quickcheck) of the solver on trees and graphs far beyond the oracle's
//! reach, pinning facts no single wrong formula can fake:
//! relabelling vertices and reordering edges never changes an answer; the `cut` value for
//! root r equals the value computed from scratch on the tree re-rooted at r; playing a
//! listed winning move leaves value 0 and playing any other legal move does not; two
//! positions side by side have the XOR of their values.

use grundy_fuzzing::any;
use grundy_fuzzing::compare::{difference, relabelled};
use grundy_fuzzing::gen::{self, Sizes, TreeShape};
use grundy_fuzzing::Rng;
use grundy_games::*;
use grundy_solver::solve;
use quickcheck::QuickCheck;

/// Sizes well past the oracle: properties only need the solver.
const LARGE: Sizes = Sizes {
    vertices: 120,
    chips: 6,
    edges: 40,
    graphs: 4,
    stair_vertices: 60,
    stones: 20,
    cap: 7,
    updates: 20,
};

fn case(game: Game, seed: u64) -> Position {
    let sizes = if seed % 2 == 0 { LARGE } else { Sizes::SMALL };
    any::position(game, &mut Rng::new(seed), &sizes).position
}

fn run(tests: u64, prop: fn(u64) -> bool) {
    QuickCheck::new().tests(tests).quickcheck(prop);
}

#[test]
fn relabelling_never_changes_an_answer() {
    fn prop(seed: u64) -> bool {
        Game::ALL.into_iter().all(|game| {
            let pos = case(game, seed);
            let copy = relabelled(&pos, &mut Rng::new(seed ^ 0xABCD));
            let back = copy.map_back(&solve(&copy.position));
            difference(&solve(&pos), &back).is_none()
        })
    }
    run(300, prop);
}

#[test]
fn edge_order_and_orientation_in_the_text_do_not_matter() {
    fn prop(seed: u64) -> bool {
        let mut rng = Rng::new(seed);
        let Position::Cut(p) = case(Game::Cut, seed) else {
            unreachable!()
        };
        let mut edges = p.tree.edges();
        rng.shuffle(&mut edges);
        let mut text = format!("{}\n", p.tree.len());
        for (a, b) in edges {
            let (a, b) = if rng.chance(1, 2) { (a, b) } else { (b, a) };
            text += &format!("{} {}\n", a + 1, b + 1);
        }
        let parsed = Problem::Native(Game::Cut)
            .parse(text.as_bytes(), false)
            .unwrap();
        solve(&parsed[0]) == solve(&Position::Cut(p))
    }
    run(300, prop);
}

#[test]
fn cut_value_for_every_root_matches_rerooting_from_scratch() {
    fn prop(seed: u64) -> bool {
        let Position::Cut(p) = case(Game::Cut, seed) else {
            unreachable!()
        };
        let Answer::Cut(a) = solve(&Position::Cut(p.clone())) else {
            unreachable!()
        };
        (0..p.tree.len() as u32).all(|r| {
            let (t, _) = p.tree.rerooted(r);
            grundy_solver::cut::values(&t)[0] == a.by_root[r as usize]
        })
    }
    run(200, prop);
}

/// Plays every legal first move; the winning ones must be exactly those leaving value 0.
fn winning_moves_are_exact(pos: &Position) -> bool {
    let value = |p: Position| solve(&p).value();
    match (pos, solve(pos)) {
        (Position::Chip(p), Answer::Chip(a)) => p
            .legal_moves()
            .into_iter()
            .all(|(v, w)| (value(Position::Chip(p.after(v, w))) == 0) == a.moves.contains(&(v, w))),
        (Position::Cut(p), Answer::Cut(a)) => p
            .legal_moves()
            .into_iter()
            .all(|c| (value(Position::Cut(p.after(c))) == 0) == a.winning.contains(&c)),
        (Position::Hackenbush(p), Answer::Hackenbush(a)) => {
            p.legal_moves().into_iter().all(|(i, j)| {
                (value(Position::Hackenbush(p.after(i, j))) == 0) == a.moves.contains(&(i, j))
            })
        }
        (Position::Paint(p), Answer::Paint(a)) => p
            .legal_moves()
            .into_iter()
            .all(|u| (value(Position::Paint(p.after(u))) == 0) == a.winning.contains(&u)),
        // A staircase answer is the value after each update: it lists no moves.
        (Position::Staircase(_), Answer::Staircase(_)) => true,
        (p, a) => panic!("an answer of another game: {a:?} for {p:?}"),
    }
}

#[test]
fn listed_winning_moves_win_and_no_other_move_does() {
    fn prop(seed: u64) -> bool {
        [Game::Chip, Game::Cut, Game::Hackenbush, Game::Paint]
            .into_iter()
            .all(|g| winning_moves_are_exact(&case(g, seed)))
    }
    run(150, prop);
}

#[test]
fn winning_moves_exist_exactly_when_the_value_is_not_zero() {
    fn prop(seed: u64) -> bool {
        [Game::Chip, Game::Cut, Game::Hackenbush, Game::Paint]
            .into_iter()
            .all(|g| {
                let a = solve(&case(g, seed));
                let any = match &a {
                    Answer::Chip(x) => !x.moves.is_empty(),
                    Answer::Cut(x) => !x.winning.is_empty(),
                    Answer::Hackenbush(x) => !x.moves.is_empty(),
                    Answer::Paint(x) => !x.winning.is_empty(),
                    Answer::Staircase(_) => true,
                };
                any == (a.value() != 0)
            })
    }
    run(300, prop);
}

#[test]
fn sums_have_the_xor_of_their_values() {
    fn prop(seed: u64) -> bool {
        let mut rng = Rng::new(seed);
        // Two chip sets on one tree.
        let Position::Chip(p) = case(Game::Chip, seed) else {
            unreachable!()
        };
        let n = p.tree.len() as u64;
        let extra: Vec<u32> = (0..rng.range(0, 5)).map(|_| rng.below(n) as u32).collect();
        let q = ChipPos {
            tree: p.tree.clone(),
            chips: extra.clone(),
        };
        let both = ChipPos {
            tree: p.tree.clone(),
            chips: p.chips.iter().chain(&extra).copied().collect(),
        };
        let v = |x: ChipPos| solve(&Position::Chip(x)).value();
        let chips_ok = v(both) == v(p.clone()) ^ v(q);
        // Two graph sums side by side.
        let Position::Hackenbush(a) = case(Game::Hackenbush, seed) else {
            unreachable!()
        };
        let Position::Hackenbush(b) = case(Game::Hackenbush, seed ^ 1) else {
            unreachable!()
        };
        let h = |x: HackenbushPos| solve(&Position::Hackenbush(x)).value();
        let joined = HackenbushPos {
            graphs: a.graphs.iter().chain(&b.graphs).cloned().collect(),
        };
        let graphs_ok = h(joined) == h(a) ^ h(b);
        // Two trees glued at the root are a sum for `cut`.
        let s = gen::tree(&mut rng, 1 + (seed % 50) as usize, TreeShape::RandomParent);
        let t = gen::tree(&mut rng, 1 + (seed % 37) as usize, TreeShape::Deep);
        let off = s.len() as u32 - 1;
        let mut edges = s.edges();
        edges.extend(t.edges().into_iter().map(|(x, y)| {
            let m = |z: u32| if z == 0 { 0 } else { z + off };
            (m(x), m(y))
        }));
        let glued = Tree::from_edges(s.len() + t.len() - 1, &edges).unwrap();
        let c = |x: &Tree| grundy_solver::cut::values(x)[0];
        let cut_ok = c(&glued) == c(&s) ^ c(&t);
        chips_ok && graphs_ok && cut_ok
    }
    run(200, prop);
}
