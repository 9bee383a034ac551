//! Inputs for checking contest solutions (`grundy check`, `grundy gen`): random inputs in
//! three tiers — small (judged by the oracle), medium and large (judged by the solver) —
//! and the adversarial maximum-constraint inputs every judge has (a chain of the maximum N
//! that overflows a naive recursive DFS, a star, a caterpillar, all-white and all-black
//! colourings, maximum L and stone counts with the most updates, a file of many test
//! cases). Every input meets its problem's statement exactly (tested against the
//! validator).

use crate::gen::{self, chain, tree_of, Sizes, TreeShape};
use crate::rng::Rng;
use crate::room::Adversarial;
use crate::room::Room;
use grundy_games::kind::Kind;
use grundy_games::*;

/// How big a random input is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tier {
    /// Within the oracle's reach.
    Small,
    /// Hundreds to thousands of vertices.
    Medium,
    /// Up to the statement's maximum.
    Large,
}

fn size_for(rng: &mut Rng, tier: Tier, small: (u64, u64), max: u64) -> usize {
    match tier {
        Tier::Small => rng.range(small.0, small.1) as usize,
        Tier::Medium => rng.range(small.1 + 1, (max / 50).max(small.1 + 2)) as usize,
        Tier::Large => rng.range(max / 2, max) as usize,
    }
}

/// A `p2972`-style layout: parents below children (no relabelling), stones in
/// `stones`, `updates` updates.
pub fn stone_layout(
    rng: &mut Rng,
    n: usize,
    shape: TreeShape,
    stones: (u64, u64),
    cap: u64,
    updates: usize,
) -> StaircasePos {
    let parent = gen::parents(rng, n, shape);
    let tree = Tree::from_parents(&parent).expect("generated parents form a tree");
    let mut s: Vec<u64> = (0..n).map(|_| rng.range(stones.0, stones.1)).collect();
    s[0] = 0;
    let updates = (0..updates)
        .map(|_| {
            (
                rng.range(1, n as u64 - 1) as u32,
                rng.range(stones.0, stones.1),
            )
        })
        .collect();
    StaircasePos {
        tree,
        stones: s,
        cap,
        updates,
    }
}

/// One random input of `problem` (several test cases for `poj3710`). `size` overrides the
/// vertex count and `shape` the tree shape.
pub fn input(
    problem: Problem,
    rng: &mut Rng,
    tier: Tier,
    size: Option<usize>,
    shape: Option<TreeShape>,
) -> Vec<Position> {
    // The statement's constraints (problems/NAME/problem.toml), never restated here.
    let lim = problem.strict_limits();
    let (lo, hi) = (lim.vertices.0 as usize, lim.vertices.1 as usize);
    match problem {
        Problem::Agc017d => {
            let n = size
                .unwrap_or_else(|| size_for(rng, tier, (2, 10), hi as u64))
                .clamp(lo, hi);
            vec![Position::Cut(CutPos {
                tree: tree_of(rng, n, shape),
            })]
        }
        Problem::Cot3 => {
            let n = size
                .unwrap_or_else(|| size_for(rng, tier, (1, 10), hi as u64))
                .clamp(lo, hi);
            let tree = tree_of(rng, n, shape);
            let density = rng.range(0, 4);
            let white = (0..n).map(|_| rng.below(4) < density).collect();
            vec![Position::Paint(PaintPos { tree, white })]
        }
        Problem::Poj3710 => christmas_input(rng, tier, size, &lim),
        Problem::P2972 => rocks_input(rng, tier, size, shape, &lim),
        Problem::Native(game) => native_input(game, rng, tier, size, shape, &lim),
    }
}

/// A `poj3710` input: several test cases of Christmas-tree graphs, at most the
/// statement's counts.
fn christmas_input(
    rng: &mut Rng,
    tier: Tier,
    size: Option<usize>,
    lim: &InputBounds,
) -> Vec<Position> {
    let (lo, hi) = (lim.vertices.0 as usize, lim.vertices.1 as usize);
    let (cases, graphs, verts) = match tier {
        Tier::Small => (rng.range(1, 3), rng.range(1, 3), 5),
        Tier::Medium => (rng.range(1, 10), rng.range(1, 20), 40),
        Tier::Large => (rng.range(20, 40), lim.graphs.1, hi),
    };
    let verts = size.unwrap_or(verts).clamp(lo, hi);
    let edges = if tier == Tier::Small {
        6
    } else {
        lim.edges.1 as usize
    };
    (0..cases)
        .map(|_| {
            Position::Hackenbush(HackenbushPos {
                graphs: (0..graphs)
                    .map(|_| gen::graphs::christmas(rng, verts, edges))
                    .collect(),
            })
        })
        .collect()
}

/// A `p2972` input: a stone layout and its updates, at most the statement's counts.
fn rocks_input(
    rng: &mut Rng,
    tier: Tier,
    size: Option<usize>,
    shape: Option<TreeShape>,
    lim: &InputBounds,
) -> Vec<Position> {
    let (lo, hi) = (lim.vertices.0 as usize, lim.vertices.1 as usize);
    let n = size
        .unwrap_or_else(|| size_for(rng, tier, (2, 5), hi as u64))
        .clamp(lo, hi);
    let shape = shape.unwrap_or_else(|| *rng.pick(&TreeShape::ALL));
    let (most_stones, most_cap, most_t) = (lim.stones.1, lim.cap.1, lim.updates.1);
    let (stones, cap, t) = match tier {
        Tier::Small => ((1, 3), rng.range(1, 3), rng.range(1, 3) as usize),
        Tier::Medium => (
            (1, most_stones),
            rng.range(1, most_cap),
            rng.range(1, most_t / 10) as usize,
        ),
        Tier::Large => (
            (1, most_stones),
            rng.range(1, most_cap),
            rng.range(most_t / 2, most_t) as usize,
        ),
    };
    vec![Position::Staircase(stone_layout(
        rng, n, shape, stones, cap, t,
    ))]
}

/// A native input of `game`, by tier (no statement bounds it but the format's `lim`).
fn native_input(
    game: Game,
    rng: &mut Rng,
    tier: Tier,
    size: Option<usize>,
    shape: Option<TreeShape>,
    lim: &InputBounds,
) -> Vec<Position> {
    let sizes = match tier {
        Tier::Small => Sizes::SMALL,
        Tier::Medium => Sizes {
            vertices: 2000,
            chips: 50,
            edges: 300,
            graphs: 10,
            stair_vertices: 2000,
            stones: 1000,
            cap: 1000,
            updates: 1000,
        },
        Tier::Large => Sizes {
            vertices: 200_000,
            chips: 1000,
            edges: 2000,
            graphs: 50,
            stair_vertices: 200_000,
            stones: 1_000_000,
            cap: 1_000_000,
            updates: 100_000,
        },
    };
    // A size asks for that many vertices (at most the native format's limit): on a tree
    // of some shape, where the game is played on one.
    let size = size.map(|n| n.min(lim.vertices.1 as usize));
    let sizes = Sizes {
        vertices: size.unwrap_or(sizes.vertices),
        ..sizes
    };
    let shape = shape.or_else(|| size.map(|_| *rng.pick(&TreeShape::ALL)));
    let on_tree = shape.and_then(|shape| {
        let n = size.unwrap_or(sizes.vertices).max(1);
        each_game!(game, G => G::on_tree(rng, n, shape, &sizes).map(G::position))
    });
    vec![on_tree.unwrap_or_else(|| crate::any::position(game, rng, &sizes).position)]
}

/// An input of `problem` whose tree has `n` vertices and the given shape; a chain is rooted
/// at one end (vertices 1, 2, …, n in order), so its depth is n − 1: the input that finds
/// the depth at which a recursive solution breaks. `None` for `poj3710` (graphs).
pub fn sized(problem: Problem, rng: &mut Rng, n: usize, shape: TreeShape) -> Option<Vec<Position>> {
    if problem == Problem::Poj3710 {
        return None;
    }
    let mut cases = input(problem, rng, Tier::Large, Some(n), Some(shape));
    if shape == TreeShape::Chain {
        for c in &mut cases {
            let t = chain(c.vertices());
            each_game!(c.game(), G => {
                if let Some(tree) = G::pos_mut(c).and_then(G::tree_mut) {
                    *tree = t;
                }
            })
        }
    }
    Some(cases)
}

/// `cases` made losing ([`Room::losing`]: value 0, the winner a mistake flips); `None`
/// for a game without the construction or a result past the statement's vertex limit.
pub fn losing(problem: Problem, cases: &[Position]) -> Option<Vec<Position>> {
    let most = problem.strict_limits().vertices.1 as usize;
    cases
        .iter()
        .map(|c| {
            each_game!(c.game(), G => G::losing(G::pos(c)?).map(G::position))
                .filter(|p| p.vertices() <= most)
        })
        .collect()
}

/// Whether [`losing`] has a construction for `problem`'s game.
pub fn can_make_losing(problem: Problem) -> bool {
    let rng = &mut Rng::new(0);
    each_game!(problem.game(), G => G::on_tree(rng, 2, TreeShape::Chain, &Sizes::SMALL)
        .and_then(|p| G::losing(&p))
        .is_some())
}

/// The maximum-constraint and adversarial inputs of a problem (its game's
/// [`Room::adversarial`]).
pub fn adversarial(problem: Problem) -> Vec<Adversarial> {
    let mut rng = Rng::new(0xAD7E);
    let lim = problem.strict_limits();
    let max = match problem {
        Problem::Native(_) => 200_000,
        _ => lim.vertices.1 as usize,
    };
    each_game!(problem.game(), G => G::adversarial(&mut rng, problem, &lim, max))
}

/// The problems whose game an interactive jury can play move by move (a tree game or a
/// Hackenbush sum, one game per input): `agc017d`, `cot3` and the native `chip`, `cut`,
/// `hackenbush` and `paint`.
pub fn playable(problem: Problem) -> bool {
    matches!(
        problem,
        Problem::Agc017d
            | Problem::Cot3
            | Problem::Native(Game::Chip | Game::Cut | Game::Hackenbush | Game::Paint)
    )
}

/// One input of an interactive problem, one game of about `n` vertices (edges for
/// `hackenbush`; at least 2): a few chips for `chip`, so that a game stays within a few
/// times n moves. `None` for a problem that is not [`playable`].
pub fn interactive(
    problem: Problem,
    rng: &mut Rng,
    n: usize,
    shape: Option<TreeShape>,
) -> Option<Vec<Position>> {
    if !playable(problem) {
        return None;
    }
    let n = n.max(2);
    each_game!(problem.game(), G => G::interactive(rng, n, shape).map(|p| vec![G::position(p)]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_generated_input_passes_the_validator() {
        for problem in Problem::ALL {
            for tier in [Tier::Small, Tier::Medium] {
                for i in 0..30 {
                    let cases = input(problem, &mut Rng::new(i), tier, None, None);
                    let text = problem.write_input(&cases);
                    if let Err(e) = problem.parse(text.as_bytes(), true) {
                        panic!("{} {tier:?} {i}: {e}\n{text}", problem.name());
                    }
                }
            }
            for a in adversarial(problem) {
                let text = problem.write_input(&a.cases);
                if let Err(e) = problem.parse(text.as_bytes(), true) {
                    panic!("{} {}: {e}", problem.name(), a.name);
                }
            }
        }
    }
}
