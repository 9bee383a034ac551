//! Random positions of every game, reproducible from a seed, in many shapes: chains, stars,
//! caterpillars, brooms, binary and random trees (random parent, Prüfer), deep and
//! shallow, re-rooted and relabelled; cacti with odd and even cycles (POJ 3710 Christmas
//! trees), general multigraphs with parallel edges, loops and parts cut off from the root,
//! forests of several graphs; colourings of every density; chips sharing vertices; stone
//! layouts with small and large counts, caps from 1 up, and update sequences.
//!
//! Every generator is a loop over an explicit vertex list (no recursion), so the same
//! code makes the 10^6-vertex inputs of the benchmarks and of `grundy check`.

use crate::rng::Rng;
use grundy_games::edit::relabel;
use grundy_games::*;

pub mod graphs;

/// The tree shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TreeShape {
    /// A path.
    Chain,
    /// One centre and rays.
    Star,
    /// A path with leaves hanging from it.
    Caterpillar,
    /// A path ending in a star.
    Broom,
    /// A complete binary tree.
    Binary,
    /// Each vertex hangs from a uniformly chosen earlier one (shallow, ~log n deep).
    RandomParent,
    /// Each vertex hangs from one of the last few (deep, ~n/2).
    Deep,
    /// A uniform labelled tree from a Prüfer sequence.
    Prufer,
    /// A hub holding half the other vertices as children, the rest in random subtrees
    /// below them: a vertex of high degree whose neighbours have children of their own
    /// (a star's leaves hide a fixed-size row of neighbours overflowing; these do not).
    Hub,
}

impl TreeShape {
    /// Every shape.
    pub const ALL: [TreeShape; 9] = [
        TreeShape::Chain,
        TreeShape::Star,
        TreeShape::Caterpillar,
        TreeShape::Broom,
        TreeShape::Binary,
        TreeShape::RandomParent,
        TreeShape::Deep,
        TreeShape::Prufer,
        TreeShape::Hub,
    ];

    /// The id used on the command line and in statistics.
    pub fn name(self) -> &'static str {
        match self {
            TreeShape::Chain => "chain",
            TreeShape::Star => "star",
            TreeShape::Caterpillar => "caterpillar",
            TreeShape::Broom => "broom",
            TreeShape::Binary => "binary",
            TreeShape::RandomParent => "random",
            TreeShape::Deep => "deep",
            TreeShape::Prufer => "prufer",
            TreeShape::Hub => "hub",
        }
    }

    /// The shape with this id.
    pub fn from_name(name: &str) -> Option<TreeShape> {
        TreeShape::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// Parent of every vertex i ≥ 1 (`parent[i] < i`), vertex 0 the root, for a shape.
pub fn parents(rng: &mut Rng, n: usize, shape: TreeShape) -> Vec<u32> {
    let mut parent = vec![u32::MAX; n];
    match shape {
        TreeShape::Chain => (1..n).for_each(|i| parent[i] = i as u32 - 1),
        TreeShape::Star => (1..n).for_each(|i| parent[i] = 0),
        TreeShape::Caterpillar => {
            let spine = n.div_ceil(2).max(1);
            for i in 1..n {
                parent[i] = if i < spine {
                    i as u32 - 1
                } else {
                    rng.below(spine as u64) as u32
                };
            }
        }
        TreeShape::Broom => {
            let handle = n.div_ceil(2).max(1);
            for i in 1..n {
                parent[i] = if i < handle {
                    i as u32 - 1
                } else {
                    handle as u32 - 1
                };
            }
        }
        TreeShape::Binary => (1..n).for_each(|i| parent[i] = (i as u32 - 1) / 2),
        TreeShape::RandomParent => (1..n).for_each(|i| parent[i] = rng.below(i as u64) as u32),
        TreeShape::Deep => {
            (1..n).for_each(|i| parent[i] = (i as u64 - 1 - rng.below((i as u64).min(3))) as u32)
        }
        TreeShape::Prufer => return prufer(rng, n),
        TreeShape::Hub => {
            // Vertex 0 gets ⌈(n − 1) / 2⌉ children (its degree, see [`hub_size`]); each
            // later vertex continues the path of the one before it, or (half of the time)
            // hangs from a uniformly chosen earlier one other than the hub: subtrees of
            // varied depths, so the neighbours' values differ.
            let degree = (n.saturating_sub(1)).div_ceil(2);
            for i in 1..n {
                parent[i] = if i <= degree {
                    0
                } else if i > degree + 1 && rng.chance(1, 2) {
                    i as u32 - 1
                } else {
                    1 + rng.below(i as u64 - 1) as u32
                };
            }
        }
    }
    parent
}

/// The vertices of a [`TreeShape::Hub`] tree whose hub has `degree` neighbours.
pub fn hub_size(degree: usize) -> usize {
    2 * degree
}

/// A uniform labelled tree, returned as parents in BFS order from vertex 0.
fn prufer(rng: &mut Rng, n: usize) -> Vec<u32> {
    if n <= 2 {
        return parents(rng, n, TreeShape::Chain);
    }
    let seq: Vec<usize> = (0..n - 2).map(|_| rng.below(n as u64) as usize).collect();
    let mut degree = vec![1u32; n];
    for &x in &seq {
        degree[x] += 1;
    }
    // Linear-time decoding with a moving pointer to the smallest leaf.
    let mut edges = Vec::with_capacity(n - 1);
    let mut ptr = degree.iter().position(|&d| d == 1).unwrap_or(0);
    let mut leaf = ptr;
    for &x in &seq {
        edges.push((leaf as u32, x as u32));
        degree[x] -= 1;
        if degree[x] == 1 && x < ptr {
            leaf = x;
        } else {
            ptr += 1;
            while degree[ptr] != 1 {
                ptr += 1;
            }
            leaf = ptr;
        }
    }
    edges.push((leaf as u32, n as u32 - 1));
    let tree = Tree::from_edges(n, &edges).expect("Prüfer decoding gives a tree");
    // Relabel in BFS order so that parents come first.
    let mut label = vec![0u32; n];
    for (i, &v) in tree.order().iter().enumerate() {
        label[v as usize] = i as u32;
    }
    let mut parent = vec![u32::MAX; n];
    for v in 1..n as u32 {
        let p = tree.parent(v).expect("non-root");
        parent[label[v as usize] as usize] = label[p as usize];
    }
    parent
}

/// A random permutation of `0..n` that keeps 0 in place (the root stays the root).
pub fn root_fixing_permutation(rng: &mut Rng, n: usize) -> Vec<u32> {
    let mut perm: Vec<u32> = (0..n as u32).collect();
    rng.shuffle(&mut perm[1.min(n)..]);
    perm
}

/// A tree of the shape: re-rooted at a random vertex half of the time, then relabelled.
///
/// The same tree, to its children's order, as `Tree::from_parents`, then
/// [`Tree::rerooted`], then [`relabel`] (a test compares them), with one tree built
/// instead of three: the re-rooting and the relabelling are done on the parent array.
pub fn tree(rng: &mut Rng, n: usize, shape: TreeShape) -> Tree {
    let mut parent = parents(rng, n, shape);
    if n > 1 && rng.chance(1, 2) {
        parent = rerooted_parents(&parent, rng.below(n as u64) as u32);
    }
    let perm = root_fixing_permutation(rng, n);
    let edges: Vec<(u32, u32)> = (1..n)
        .map(|v| (perm[parent[v] as usize], perm[v]))
        .collect();
    Tree::from_edges(n, &edges).expect("relabelling keeps a tree")
}

/// The parents of the tree `parent` (rooted at 0) re-rooted at `r`, in the ids of
/// [`Tree::rerooted`]: `r` and 0 swap ids. The path from `r` up to the root turns
/// around; nothing else changes.
fn rerooted_parents(parent: &[u32], r: u32) -> Vec<u32> {
    let mut turned = parent.to_vec();
    let (mut prev, mut v) = (u32::MAX, r);
    while v != u32::MAX {
        let up = parent[v as usize];
        turned[v as usize] = prev;
        (prev, v) = (v, up);
    }
    let id = |v: u32| match v {
        0 => r,
        v if v == r => 0,
        v => v,
    };
    let mut out = vec![u32::MAX; parent.len()];
    for (v, &p) in turned.iter().enumerate() {
        if p != u32::MAX {
            out[id(v as u32) as usize] = id(p);
        }
    }
    out
}

/// Bounds of the generated positions (chosen so the oracle stays fast).
#[derive(Clone, Copy, Debug)]
pub struct Sizes {
    /// Vertices of a tree.
    pub vertices: usize,
    /// Chips.
    pub chips: usize,
    /// Edges of a whole `hackenbush` sum.
    pub edges: usize,
    /// Graphs of a `hackenbush` sum.
    pub graphs: usize,
    /// Vertices of a `staircase` tree.
    pub stair_vertices: usize,
    /// Stones on one vertex in a dense layout (a few vertices get up to 8× this).
    pub stones: u64,
    /// The cap L.
    pub cap: u64,
    /// Updates.
    pub updates: usize,
}

impl Sizes {
    /// Sizes for solver-vs-oracle campaigns.
    pub const SMALL: Sizes = Sizes {
        vertices: 10,
        chips: 3,
        edges: 10,
        graphs: 3,
        stair_vertices: 6,
        stones: 3,
        cap: 4,
        updates: 3,
    };
}

/// A generated position and the shape it was drawn from (for statistics).
#[derive(Clone, Debug)]
pub struct Generated {
    /// The position.
    pub position: Position,
    /// A short shape label, e.g. `caterpillar` or `cactus`.
    pub shape: &'static str,
}

/// A size in 1..=max: drawn uniformly below a cap picked among 3, 5, 8, max and max
/// (so 3/5 of the draws are at most 8 — small failures are cheap to read — and 2/5 range
/// up to the maximum).
pub(crate) fn size(rng: &mut Rng, max: usize) -> usize {
    let cap = *rng.pick(&[3, 5, 8, max, max]);
    rng.range(1, cap.min(max).max(1) as u64) as usize
}

/// A tree of a random size up to `max` and a random shape, and the shape's name.
pub(crate) fn any_tree(rng: &mut Rng, max: usize) -> (Tree, &'static str) {
    let n = size(rng, max);
    let shape = *rng.pick(&TreeShape::ALL);
    (tree(rng, n, shape), shape.name())
}

/// A binomial tree cut to `n` vertices (vertex i hangs from i with its lowest set bit
/// cleared), relabelled: its root's `chip` value is ⌊log2 n⌋, the largest any tree of n
/// vertices has, and its vertices take every smaller value.
pub(crate) fn binomial(rng: &mut Rng, n: usize) -> Tree {
    let parent: Vec<u32> = (0..n as u32).map(|i| i & i.wrapping_sub(1)).collect();
    let t = Tree::from_parents(&parent).expect("i & (i - 1) < i");
    relabel(&t, &root_fixing_permutation(rng, n))
}

/// The shape a tree looks like, for reports and for regenerating a failing input at other
/// sizes: a path is a chain; a vertex adjacent to all others, a star; a path with leaves
/// (brooms included), a caterpillar; depth at least a quarter of the vertices, deep; at
/// most two children everywhere and logarithmic depth, binary; anything else, random.
pub fn classify(tree: &Tree) -> TreeShape {
    let n = tree.len();
    let degree = |v: u32| tree.children(v).len() + usize::from(tree.parent(v).is_some());
    let max_degree = (0..n as u32).map(degree).max().unwrap_or(0);
    if max_degree <= 2 {
        return TreeShape::Chain;
    }
    if max_degree == n - 1 {
        return TreeShape::Star;
    }
    // Without its leaves, a caterpillar is a path.
    let inner: Vec<u32> = (0..n as u32).filter(|&v| degree(v) > 1).collect();
    let inner_degree = |v: u32| {
        tree.children(v).iter().filter(|&&c| degree(c) > 1).count()
            + tree.parent(v).map_or(0, |p| usize::from(degree(p) > 1))
    };
    if inner.iter().all(|&v| inner_degree(v) <= 2) {
        return TreeShape::Caterpillar;
    }
    let depth = (0..n as u32).map(|v| tree.depth(v)).max().unwrap_or(0) as usize;
    if depth * 4 >= n {
        return TreeShape::Deep;
    }
    if (0..n as u32).all(|v| tree.children(v).len() <= 2)
        && depth <= 2 * (usize::BITS - n.leading_zeros()) as usize
    {
        return TreeShape::Binary;
    }
    TreeShape::RandomParent
}

/// A tree of `n` vertices of `shape`, or of a random shape.
pub(crate) fn tree_of(rng: &mut Rng, n: usize, shape: Option<TreeShape>) -> Tree {
    let shape = shape.unwrap_or_else(|| *rng.pick(&TreeShape::ALL));
    tree(rng, n, shape)
}

/// A chain of `n` vertices rooted at one end, in order.
pub(crate) fn chain(n: usize) -> Tree {
    Tree::from_parents(&parents(&mut Rng::new(0), n, TreeShape::Chain)).expect("chain")
}

#[cfg(test)]
mod tests {
    /// `tree` builds the very tree (children's order included, which later draws
    /// depend on) that building, re-rooting and relabelling `Tree`s gave.
    #[test]
    fn tree_is_the_rerooted_and_relabelled_tree() {
        let by_trees = |rng: &mut Rng, n: usize, shape: TreeShape| {
            let parent = parents(rng, n, shape);
            let mut t = Tree::from_parents(&parent).expect("generated parents form a tree");
            if n > 1 && rng.chance(1, 2) {
                t = t.rerooted(rng.below(n as u64) as u32).0;
            }
            let perm = root_fixing_permutation(rng, n);
            relabel(&t, &perm)
        };
        let mut rerooted = 0;
        for n in 1..40 {
            for &shape in &TreeShape::ALL {
                for case in 0..8 {
                    let (mut a, mut b) =
                        (Rng::for_case(n as u64, case), Rng::for_case(n as u64, case));
                    let (x, y) = (tree(&mut a, n, shape), by_trees(&mut b, n, shape));
                    assert_eq!(x.parents(), y.parents(), "{n} {shape:?}");
                    assert_eq!(x.order(), y.order(), "{n} {shape:?}");
                    for v in 0..n as u32 {
                        assert_eq!(x.children(v), y.children(v));
                    }
                    // Both drew the same numbers.
                    assert_eq!(a.below(1 << 40), b.below(1 << 40));
                    let mut c = Rng::for_case(n as u64, case);
                    parents(&mut c, n, shape);
                    rerooted += usize::from(n > 1 && c.chance(1, 2));
                }
            }
        }
        assert!(rerooted > 500, "only {rerooted} re-rooted trees compared");
    }

    use super::*;

    #[test]
    fn every_shape_builds_trees_of_every_size() {
        let mut rng = Rng::new(7);
        for shape in TreeShape::ALL {
            for n in 1..40 {
                let t = tree(&mut rng, n, shape);
                assert_eq!(t.len(), n);
            }
        }
    }

    #[test]
    fn million_vertex_chain() {
        let t = tree(&mut Rng::new(1), 1_000_000, TreeShape::Chain);
        assert_eq!(t.len(), 1_000_000);
    }

    #[test]
    fn classify_names_the_generated_shapes() {
        for shape in [
            TreeShape::Chain,
            TreeShape::Star,
            TreeShape::Caterpillar,
            TreeShape::Binary,
        ] {
            for seed in 0..5 {
                let t = tree(&mut Rng::new(seed), 200, shape);
                assert_eq!(classify(&t), shape, "{} seed {seed}", shape.name());
            }
        }
        let t = tree(&mut Rng::new(3), 2000, TreeShape::Prufer);
        assert_eq!(classify(&t), TreeShape::RandomParent);
    }
}
