//! Random `hackenbush` graphs in families chosen so that every path of the solver is
//! reached often (the census, `crate::census`, checks it):
//!
//! * `tree`: a tree of any shape (bridges only: the colon principle alone);
//! * `christmas`: POJ 3710's cycles hung from a tree skeleton;
//! * `cactus`: cycles of every length (loops and parallel pairs included) hung anywhere;
//! * `multigraph`: random edges on few vertices (general components, cut-off parts);
//! * `decorated-cycle`: one cycle with stalks and small trees hanging from its vertices,
//!   not only from the vertex where it is entered;
//! * `long-cycle`: a cycle of 8 edges or more with stalks of mixed lengths;
//! * `nested-cactus`: cycles hanging below cycles, through a bridge or a shared vertex;
//! * `block-chain`: small 2-edge-connected blocks (K4, theta graphs, diamonds, parallel
//!   bundles) joined by bridges and by shared vertices.
//!
//! Every family stays within its edge budget, and every graph's ids, edge order and edge
//! orientation are shuffled (the root stays vertex 0). No recursion.

use super::{root_fixing_permutation, tree, Sizes, TreeShape};
use crate::rng::Rng;
use grundy_games::{Graph, HackenbushPos};

/// A graph under construction: the root is vertex 0; edges are added within a budget.
struct Builder {
    g: Graph,
    budget: usize,
}

impl Builder {
    fn new(budget: usize) -> Builder {
        Builder {
            g: Graph {
                n: 1,
                edges: Vec::new(),
            },
            budget,
        }
    }

    /// Edges still allowed.
    fn left(&self) -> usize {
        self.budget - self.g.edges.len()
    }

    fn vertex(&mut self) -> u32 {
        self.g.n += 1;
        self.g.n - 1
    }

    fn edge(&mut self, a: u32, b: u32) {
        debug_assert!(self.left() > 0);
        self.g.edges.push((a, b));
    }

    /// A path of up to `len` edges down from `at` (fewer when the budget runs out); its
    /// far end.
    fn stalk(&mut self, at: u32, len: usize) -> u32 {
        let mut end = at;
        for _ in 0..len.min(self.left()) {
            let x = self.vertex();
            self.edge(end, x);
            end = x;
        }
        end
    }

    /// A cycle of `len` edges through `at` (a loop for 1, a parallel pair for 2), when the
    /// budget allows; its vertices in order, `at` first.
    fn cycle(&mut self, at: u32, len: usize) -> Option<Vec<u32>> {
        if len == 0 || len > self.left() {
            return None;
        }
        let mut ring = vec![at];
        for _ in 1..len {
            let x = self.vertex();
            self.edge(*ring.last().expect("non-empty"), x);
            ring.push(x);
        }
        self.edge(*ring.last().expect("non-empty"), at);
        Some(ring)
    }

    /// A random tree of up to `n` vertices hung from `at` by its root.
    fn subtree(&mut self, rng: &mut Rng, at: u32, n: usize) {
        let n = n.min(self.left() + 1).max(1);
        let shape = *rng.pick(&TreeShape::ALL);
        let t = tree(rng, n, shape);
        let offset = self.g.n - 1;
        self.g.n += n as u32 - 1;
        let id = |v: u32| if v == 0 { at } else { v + offset };
        for (a, b) in t.edges() {
            self.edge(id(a), id(b));
        }
    }

    /// Something hanging from `at`: a stalk, a small tree or a loop, of mixed sizes.
    fn decoration(&mut self, rng: &mut Rng, at: u32) {
        match rng.below(4) {
            0 => {
                self.cycle(at, 1);
            }
            1 => {
                let n = rng.range(2, 5) as usize;
                self.subtree(rng, at, n);
            }
            _ => {
                self.stalk(at, rng.range(1, 3) as usize);
            }
        }
    }

    fn finish(self, rng: &mut Rng) -> Graph {
        let mut g = self.g;
        shuffle_graph(rng, &mut g);
        g
    }
}

/// A Christmas tree of POJ 3710: a tree skeleton with cycles (parallel pairs for length 2)
/// hung from skeleton vertices only, so that each cycle has at most one vertex of degree
/// ≥ 3. Vertex ids are shuffled (the root stays vertex 0).
pub fn christmas(rng: &mut Rng, vertices: usize, edges: usize) -> Graph {
    let skeleton = rng.range(1, vertices.max(1) as u64) as usize;
    let shape = *rng.pick(&TreeShape::ALL);
    let t = tree(rng, skeleton, shape);
    let mut g = Graph {
        n: skeleton as u32,
        edges: t.edges(),
    };
    while g.edges.len() < edges && (g.n as usize) < vertices && rng.chance(3, 4) {
        let at = rng.below(skeleton as u64) as u32;
        let len = rng.range(2, 5).min((vertices - g.n as usize + 1) as u64) as u32;
        if len < 2 || g.edges.len() + len as usize > edges {
            break;
        }
        hang_cycle(&mut g, at, len);
    }
    shuffle_graph(rng, &mut g);
    g
}

/// Hangs a cycle of `len` edges (a loop for 1, a parallel pair for 2) from vertex `at`,
/// through `len − 1` new vertices.
fn hang_cycle(g: &mut Graph, at: u32, len: u32) {
    let mut prev = at;
    for _ in 1..len {
        let x = g.n;
        g.n += 1;
        g.edges.push((prev, x));
        prev = x;
    }
    g.edges.push((prev, at));
}

/// Shuffles vertex ids (keeping the root), edge order and edge orientation.
pub fn shuffle_graph(rng: &mut Rng, g: &mut Graph) {
    let perm = root_fixing_permutation(rng, g.n as usize);
    for e in &mut g.edges {
        *e = (perm[e.0 as usize], perm[e.1 as usize]);
        if rng.chance(1, 2) {
            *e = (e.1, e.0);
        }
    }
    rng.shuffle(&mut g.edges);
}

/// A cactus-like graph with cycles of every length (loops included) hung anywhere,
/// cycles sharing vertices allowed.
fn cactus(rng: &mut Rng, edges: usize) -> Graph {
    let n = rng.range(1, (edges as u64 / 2).max(1) + 1) as usize;
    let shape = *rng.pick(&TreeShape::ALL);
    let t = tree(rng, n, shape);
    let mut g = Graph {
        n: n as u32,
        edges: t.edges(),
    };
    while g.edges.len() < edges && rng.chance(4, 5) {
        let at = rng.below(u64::from(g.n)) as u32;
        let len = rng.range(1, (edges - g.edges.len()) as u64).min(5) as u32;
        hang_cycle(&mut g, at, len);
    }
    shuffle_graph(rng, &mut g);
    g
}

/// A general multigraph: random edges (loops and parallel edges likely) on few vertices,
/// some of which may be cut off from the root.
fn multigraph(rng: &mut Rng, edges: usize, vertices: usize) -> Graph {
    let n = rng.range(1, (edges.min(vertices) as u64).max(1)) as u32;
    let m = rng.range(0, edges as u64) as usize;
    let edges = (0..m)
        .map(|_| {
            (
                rng.below(u64::from(n)) as u32,
                rng.below(u64::from(n)) as u32,
            )
        })
        .collect();
    Graph { n, edges }
}

/// A tree of any shape with at most `edges` edges.
fn any_tree_graph(rng: &mut Rng, edges: usize) -> Graph {
    let n = rng.range(1, edges as u64 + 1) as usize;
    let shape = *rng.pick(&TreeShape::ALL);
    let t = tree(rng, n, shape);
    Graph {
        n: n as u32,
        edges: t.edges(),
    }
}

/// One cycle, entered from the root directly or through a short stalk, with decorations
/// on its vertices — the entry's and the others'.
fn decorated_cycle(rng: &mut Rng, edges: usize) -> Graph {
    let mut b = Builder::new(edges);
    let entry = if edges >= 5 && rng.chance(1, 2) {
        b.stalk(0, 1)
    } else {
        0
    };
    let len = rng.range(3, b.left().clamp(3, 12) as u64) as usize;
    let Some(ring) = b.cycle(entry, len) else {
        return any_tree_graph(rng, edges);
    };
    for &v in &ring {
        if b.left() > 0 && rng.chance(1, 2) {
            b.decoration(rng, v);
        }
    }
    b.finish(rng)
}

/// A cycle of at least 8 edges (when the budget allows) with stalks of mixed lengths.
fn long_cycle(rng: &mut Rng, edges: usize) -> Graph {
    if edges < 8 {
        return decorated_cycle(rng, edges);
    }
    let mut b = Builder::new(edges);
    let len = rng.range(8, edges.min(20) as u64) as usize;
    let ring = b.cycle(0, len).expect("within the budget");
    while b.left() > 0 && rng.chance(3, 4) {
        let at = *rng.pick(&ring);
        let len = *rng.pick(&[1, 1, 2, 3, 5]);
        b.stalk(at, len);
    }
    b.finish(rng)
}

/// Cycles hanging below cycles: each next cycle hangs from a vertex of the previous one
/// other than its entry, through a bridge or directly (sharing the vertex).
fn nested_cactus(rng: &mut Rng, edges: usize) -> Graph {
    let mut b = Builder::new(edges);
    let mut at = if rng.chance(1, 3) { b.stalk(0, 1) } else { 0 };
    loop {
        let len = rng.range(1, b.left().clamp(1, 5) as u64) as usize;
        let Some(ring) = b.cycle(at, len) else { break };
        if b.left() == 0 {
            break;
        }
        let below = if ring.len() > 1 {
            ring[rng.range(1, ring.len() as u64 - 1) as usize]
        } else {
            ring[0]
        };
        at = if rng.chance(2, 3) {
            b.stalk(below, 1)
        } else {
            below
        };
    }
    b.finish(rng)
}

/// Small 2-edge-connected blocks joined by bridges and shared vertices.
fn block_chain(rng: &mut Rng, edges: usize) -> Graph {
    let mut b = Builder::new(edges);
    let mut at = 0;
    loop {
        let block = block(rng, &mut b, at);
        if block.is_empty() || b.left() == 0 {
            break;
        }
        at = *rng.pick(&block);
        if rng.chance(1, 2) {
            at = b.stalk(at, 1);
        }
    }
    b.finish(rng)
}

/// One small block through `at` (K4, a theta graph, a diamond, a parallel bundle or a
/// triangle), the largest that fits the budget among a random pick; its vertices.
fn block(rng: &mut Rng, b: &mut Builder, at: u32) -> Vec<u32> {
    let kind = rng.below(5);
    let (vertices, pairs): (u32, &[(u32, u32)]) = match kind {
        // K4.
        0 if b.left() >= 6 => (4, &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]),
        // Theta: three paths between 0 and 1, of 1, 2 and 2 edges.
        1 if b.left() >= 5 => (4, &[(0, 1), (0, 2), (2, 1), (0, 3), (3, 1)]),
        // Diamond: K4 without one edge.
        2 if b.left() >= 5 => (4, &[(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)]),
        // A bundle of three parallel edges.
        3 if b.left() >= 3 => (2, &[(0, 1), (0, 1), (1, 0)]),
        _ if b.left() >= 3 => (3, &[(0, 1), (1, 2), (2, 0)]),
        _ => return Vec::new(),
    };
    let ids: Vec<u32> = std::iter::once(at)
        .chain((1..vertices).map(|_| b.vertex()))
        .collect();
    for &(x, y) in pairs {
        b.edge(ids[x as usize], ids[y as usize]);
    }
    ids
}

/// The graph families, with the label each is counted under.
const FAMILIES: [&str; 8] = [
    "christmas",
    "cactus",
    "multigraph",
    "tree",
    "decorated-cycle",
    "long-cycle",
    "nested-cactus",
    "block-chain",
];

/// A random `hackenbush` sum of one to `sizes.graphs` graphs of one family, at most
/// `sizes.edges` edges in all.
pub fn hackenbush(rng: &mut Rng, sizes: &Sizes) -> (HackenbushPos, &'static str) {
    let budget = rng.range(1, sizes.edges as u64) as usize;
    let k = (rng.range(1, sizes.graphs as u64) as usize).min(budget);
    let per = budget / k;
    let kind = rng.below(FAMILIES.len() as u64) as usize;
    let graphs = (0..k)
        .map(|_| match FAMILIES[kind] {
            "christmas" => christmas(rng, per + 1, per),
            "cactus" => cactus(rng, per),
            // Dense: few vertices for the edges (at most half the tree size, at least 5).
            "multigraph" => multigraph(rng, per, (sizes.vertices / 2).max(5)),
            "decorated-cycle" => decorated_cycle(rng, per),
            "long-cycle" => long_cycle(rng, per),
            "nested-cactus" => nested_cactus(rng, per),
            "block-chain" => block_chain(rng, per),
            _ => any_tree_graph(rng, per),
        })
        .collect();
    (HackenbushPos { graphs }, family_label(kind, k))
}

/// `family` for one graph, `family-forest` for a sum of several.
fn family_label(kind: usize, graphs: usize) -> &'static str {
    const FORESTS: [&str; 8] = [
        "christmas-forest",
        "cactus-forest",
        "multigraph-forest",
        "tree-forest",
        "decorated-cycle-forest",
        "long-cycle-forest",
        "nested-cactus-forest",
        "block-chain-forest",
    ];
    if graphs == 1 {
        FAMILIES[kind]
    } else {
        FORESTS[kind]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn christmas_trees_pass_the_validator() {
        let mut rng = Rng::new(3);
        for _ in 0..2000 {
            let g = christmas(&mut rng, 30, 60);
            grundy_games::christmas::validate(&g).unwrap();
        }
    }

    #[test]
    fn every_family_stays_within_its_budget_and_is_valid() {
        for edges in 1..=20 {
            for i in 0..200 {
                let mut rng = Rng::for_case(edges as u64, i);
                let sizes = Sizes {
                    edges,
                    ..Sizes::SMALL
                };
                let (p, shape) = hackenbush(&mut rng, &sizes);
                let total: usize = p.graphs.iter().map(|g| g.edges.len()).sum();
                assert!(total <= edges, "{shape} has {total} > {edges} edges");
                for graph in &p.graphs {
                    assert!(graph.n >= 1);
                    assert!(graph.edges.iter().all(|&(a, b)| a < graph.n && b < graph.n));
                }
            }
        }
    }
}
