//! One module per game: everything the campaign library knows of a game, behind one trait.
//!
//! [`Room`] is what a campaign needs of a game: random positions, the difference of two
//! answers in words, a relabelled copy and the way back, the shape census, shrink
//! candidates and exhaustive enumeration. Each game implements it in its own file
//! (`room/cut.rs`, …) for its marker type of [`grundy_games::kind`]; the functions over
//! any game ([`crate::any::position`], [`crate::compare::difference`],
//! [`crate::compare::relabelled`], [`crate::census::census`],
//! [`crate::shrink::lazy_candidates`], [`crate::any::positions`]) dispatch through
//! [`grundy_games::each_game!`], the one table with an arm per game. The helpers
//! several games share (tree generators, tree reductions, enumerators) stay in `gen`,
//! `shrink` and `exhaust`.

use crate::exhaust::Bounds;
use crate::gen::{Sizes, TreeShape};
use crate::rng::Rng;
use grundy_games::kind::Kind;
use grundy_games::{InputBounds, Position, Problem, Tree};
use std::ops::ControlFlow;

mod chip;
mod cut;
mod hackenbush;
mod paint;
mod staircase;

/// A game as the campaign library sees it.
pub trait Room: Kind {
    /// The census buckets, in table order (at most 64, names distinct).
    const BUCKETS: &'static [Bucket];

    /// A random position within `sizes`, and a short label of the shape it was drawn from.
    fn generate(rng: &mut Rng, sizes: &Sizes) -> (Self::Pos, &'static str);

    /// The first query on which two answers differ, in words; `None` if equal.
    fn difference(expected: &Self::Ans, actual: &Self::Ans) -> Option<String>;

    /// A copy of `p` with its ids shuffled (every root kept at 0), and the permutations
    /// used (`perm[k][old] = new`, one per tree or graph; for graphs, of the edges).
    fn relabel(p: &Self::Pos, rng: &mut Rng) -> (Self::Pos, Vec<Vec<u32>>);

    /// The copy's answer `a` in the original ids, through the permutations of
    /// [`Room::relabel`].
    fn map_back(a: &Self::Ans, perm: &[Vec<u32>]) -> Self::Ans;

    /// The names of the [`Room::BUCKETS`] a case falls in, from the position and the
    /// answer both engines agreed on.
    fn census(p: &Self::Pos, a: &Self::Ans) -> Vec<&'static str>;

    /// Every single-step simplification of `p`, biggest first, each built when tried.
    fn shrink(p: &Self::Pos) -> Vec<Lazy<'_, Self::Pos>>;

    /// The maximum-constraint and adversarial inputs of `problem` (a problem of this
    /// game, whose strict limits are `lim` and largest tree `max` vertices).
    fn adversarial(
        rng: &mut Rng,
        problem: Problem,
        lim: &InputBounds,
        max: usize,
    ) -> Vec<Adversarial>;

    /// A position on a tree of `n` vertices of `shape`, for `grundy scale` and the
    /// hunt; `None` for a game whose inputs are not grown on one tree (then a random
    /// position of the size is used).
    fn on_tree(_rng: &mut Rng, _n: usize, _shape: TreeShape, _sizes: &Sizes) -> Option<Self::Pos> {
        None
    }

    /// One game of about `n` vertices (edges for graphs; at least 2) for an interactive
    /// jury; `None` for a game that is not played move by move.
    fn interactive(rng: &mut Rng, n: usize, shape: Option<TreeShape>) -> Option<Self::Pos>;

    /// `p` made a losing position (value 0) by an addition that keeps its shape's point
    /// (a path hung from the root), for the family members swept as losing; `None` for
    /// a game without such a construction. On a losing position a mistake that changes
    /// the value changes the winner, which is all many statements print.
    fn losing(_p: &Self::Pos) -> Option<Self::Pos> {
        None
    }

    /// The position's tree, for a game played on one.
    fn tree_mut(_p: &mut Self::Pos) -> Option<&mut Tree> {
        None
    }

    /// The position's tree, for a game played on one.
    fn tree(_p: &Self::Pos) -> Option<&Tree> {
        None
    }

    /// `p` on a reduced tree (`(tree, map)`: the new tree, and each old vertex's new id or
    /// `u32::MAX` when dropped), its per-vertex data carried along; `None` for a game not
    /// played on one tree, or when nothing valid is left. The shrinker's tree steps and
    /// the breadth-first cuts of a threshold search ([`crate::shrink::prefix`]) both go
    /// through it.
    fn reduced(_p: &Self::Pos, _r: (Tree, Vec<u32>)) -> Option<Self::Pos> {
        None
    }

    /// One structural move of the slow-input hunt (`grundy hunt`) on `p`, and what it did;
    /// `None` when none applies. By default a move of the position's tree
    /// ([`mutate_tree`]); a game with per-vertex data moves that data too.
    fn mutate(p: &mut Self::Pos, rng: &mut Rng) -> Option<&'static str> {
        mutate_tree::<Self>(p, rng)
    }

    /// The shape a position looks like, for reports and for regenerating an input at
    /// other sizes (a tree's [`crate::gen::classify`]).
    fn shape(p: &Self::Pos) -> &'static str;

    /// The bounds of [`Bounds`] (beyond the vertex count) that [`Room::enumerate`] reads,
    /// with their values: what re-creates the enumeration.
    fn bounds(b: &Bounds) -> Vec<(&'static str, u64)>;

    /// Calls `f` with every position within `b`.
    fn enumerate(b: &Bounds, f: &mut dyn FnMut(Self::Pos) -> ControlFlow<()>) -> ControlFlow<()>;
}

/// A move of the hunt ([`crate::growth::mutate`]) on the position's tree, if it has one.
pub(crate) fn mutate_tree<G: Room + ?Sized>(p: &mut G::Pos, rng: &mut Rng) -> Option<&'static str> {
    let tree = G::tree_mut(p)?;
    let (edges, what) = crate::growth::mutate(tree, rng)?;
    *tree = Tree::from_edges(tree.len(), &edges).ok()?;
    Some(what)
}

/// The inverse of a permutation.
pub(crate) fn inverse(p: &[u32]) -> Vec<u32> {
    let mut inv = vec![0u32; p.len()];
    for (old, &new) in p.iter().enumerate() {
        inv[new as usize] = old as u32;
    }
    inv
}

/// Ids mapped through `inv` and sorted (a list of winning moves in the original ids).
pub(crate) fn mapped(items: &[u32], inv: &[u32]) -> Vec<u32> {
    let mut v: Vec<u32> = items.iter().map(|&c| inv[c as usize]).collect();
    v.sort_unstable();
    v
}

/// `(a, b)` pairs as `a+1 b+1, …` (1-based, as the formats print them), or `none`.
pub(crate) fn pairs(items: &[(u32, u32)]) -> String {
    if items.is_empty() {
        return "none".into();
    }
    let v: Vec<String> = items
        .iter()
        .map(|(a, b)| format!("{} {}", a + 1, b + 1))
        .collect();
    v.join(", ")
}

/// Ids as `a+1 b+1 …` (1-based), or `none`.
pub(crate) fn list(items: &[u32]) -> String {
    if items.is_empty() {
        return "none".into();
    }
    let v: Vec<String> = items.iter().map(|a| (a + 1).to_string()).collect();
    v.join(" ")
}

/// `label: expected e, got a` when they differ.
pub(crate) fn values(label: &str, e: u64, a: u64) -> Option<String> {
    (e != a).then(|| format!("{label}: expected {e}, got {a}"))
}

/// `what: expected …, got …` when two lists of winning moves differ.
pub(crate) fn moves<T: PartialEq>(
    what: &str,
    e: &[T],
    a: &[T],
    show: fn(&[T]) -> String,
) -> Option<String> {
    (e != a).then(|| format!("{what}: expected {}, got {}", show(e), show(a)))
}

/// The names in `flags` whose condition holds.
pub(crate) fn holding(flags: &[(&'static str, bool)]) -> Vec<&'static str> {
    flags.iter().filter(|f| f.1).map(|f| f.0).collect()
}

/// A named adversarial input.
pub struct Adversarial {
    /// What it is.
    pub name: &'static str,
    /// The test cases.
    pub cases: Vec<Position>,
}

/// One cell of the census: a named class of cases.
#[derive(Clone, Copy, Debug)]
pub struct Bucket {
    /// A short id, shown in the table and the JSON report.
    pub name: &'static str,
    /// What a case in this bucket has.
    pub what: &'static str,
}

/// A bucket (for the tables of the games' rooms).
pub(crate) const fn b(name: &'static str, what: &'static str) -> Bucket {
    Bucket { name, what }
}

/// One simplification, built only when it is tried: a shrink holds the candidate it
/// tries and the recipes of the others, never a list of whole trees (10^5 vertices each).
/// `None`: on a closer look, no simplification (not counted as a try).
pub type Lazy<'a, T> = Box<dyn FnOnce() -> Option<T> + 'a>;

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_games::{each_game, Game};

    #[test]
    fn every_game_has_at_most_64_distinct_buckets() {
        for game in Game::ALL {
            let all = each_game!(game, G => G::BUCKETS);
            assert!(all.len() <= 64);
            for (i, b) in all.iter().enumerate() {
                assert!(all[..i].iter().all(|o| o.name != b.name), "{}", b.name);
            }
        }
    }

    #[test]
    fn helpers_invert_permutations_and_print_ids_from_one() {
        assert_eq!(inverse(&[2, 0, 1]), [1, 2, 0]);
        assert_eq!(mapped(&[0, 1], &[2, 0, 1]), [0, 2]);
        assert_eq!(pairs(&[(0, 1)]), "1 2");
        assert_eq!(list(&[]), "none");
    }
}
