//! `paint` (SPOJ COT3): pick a white vertex and paint its path to the root black.
//!
//! S(v), the set of values reachable from the subtree game of v, satisfies
//! S(v) = ({xs(v)} if v is white) ∪ ⋃_c (S(c) ⊕ xs(v) ⊕ g(c)), with g(v) = mex S(v) and
//! xs(v) the XOR of the children's values. Each S(v) is a binary trie with a lazy XOR tag;
//! children's tries are merged into the parent's (small into whatever is there, each node
//! absorbed once), which is O(n log n) overall. Merging, insertion and the mex walk are
//! loops with explicit work lists: no recursion.
//!
//! Winning first moves: with A(root) = 0 and A(c) = A(v) ⊕ xs(v) ⊕ g(c), painting the
//! white vertex u leaves value A(u) ⊕ xs(u).

use grundy_games::prefetch::prefetch;
use grundy_games::{PaintAnswer, PaintPos};

/// A trie node: its children (0: none) and, in `tag`, the XOR still to apply below it
/// (bits 0..31) and whether every value under it is present ([`FULL`]). One record of 12
/// bytes: a node visited is one cache line touched (mostly), and a million-vertex tree's
/// tries (3.2 million nodes at their largest) stay under 40 MB. A free node's `child[0]`
/// links the list of free nodes.
#[derive(Clone, Copy, Default)]
struct Node {
    child: [u32; 2],
    tag: u32,
}

/// The bit of [`Node::tag`] saying that every value under the node is present.
const FULL: u32 = 1 << 31;

/// An arena of trie nodes over values of `bits` bits (at most 31: a value is at most the
/// number of vertices). Node 0 is the empty trie. The nodes a merge frees are reused.
struct Tries {
    node: Vec<Node>,
    bits: u32,
    work: Vec<(u32, u32, u32)>,
    visited: Vec<u32>,
    /// The first free node (0: none).
    free: u32,
}

impl Tries {
    fn new(bits: u32, capacity: usize) -> Tries {
        let mut t = Tries {
            node: Vec::with_capacity(capacity),
            bits,
            work: Vec::new(),
            visited: Vec::new(),
            free: 0,
        };
        assert!(bits < 32, "values of {bits} bits");
        t.node();
        t
    }

    fn node(&mut self) -> u32 {
        if self.free != 0 {
            let a = self.free;
            self.free = self.node[a as usize].child[0];
            self.node[a as usize] = Node::default();
            return a;
        }
        self.node.push(Node::default());
        (self.node.len() - 1) as u32
    }

    /// Applies the pending XOR of `a` (a node of `level` ≥ 1) to its children.
    fn push(&mut self, a: u32, level: u32) {
        let t = self.node[a as usize].tag & !FULL;
        if t == 0 {
            return;
        }
        if t >> (level - 1) & 1 == 1 {
            self.node[a as usize].child.swap(0, 1);
        }
        for c in self.node[a as usize].child {
            if c != 0 {
                self.node[c as usize].tag ^= t;
            }
        }
        self.node[a as usize].tag &= FULL;
    }

    fn full(&self, a: u32) -> bool {
        self.node[a as usize].tag & FULL != 0
    }

    /// Puts node `a` (no longer in any trie) on the free list.
    fn release(&mut self, a: u32) {
        self.node[a as usize].child[0] = self.free;
        self.free = a;
    }

    fn refresh(&mut self, a: u32) {
        let [l, r] = self.node[a as usize].child;
        let full = l != 0 && r != 0 && self.full(l) && self.full(r);
        let tag = &mut self.node[a as usize].tag;
        *tag = if full { *tag | FULL } else { *tag & !FULL };
    }

    /// XORs every value of the trie rooted at `a` with `x`.
    fn xor_all(&mut self, a: u32, x: u64) {
        if a != 0 {
            self.node[a as usize].tag ^= x as u32;
        }
    }

    /// Inserts `x` into the trie rooted at `root` (0 for empty); returns the root.
    fn insert(&mut self, root: u32, x: u64) -> u32 {
        let root = if root == 0 { self.node() } else { root };
        let mut a = root;
        self.visited.clear();
        for level in (1..=self.bits).rev() {
            self.push(a, level);
            let bit = (x >> (level - 1) & 1) as usize;
            if self.node[a as usize].child[bit] == 0 {
                let c = self.node();
                self.node[a as usize].child[bit] = c;
            }
            self.visited.push(a);
            a = self.node[a as usize].child[bit];
        }
        self.node[a as usize].tag |= FULL;
        while let Some(p) = self.visited.pop() {
            self.refresh(p);
        }
        root
    }

    /// The union of two tries (both consumed); returns the root of the result.
    fn merge(&mut self, a: u32, b: u32) -> u32 {
        if a == 0 || b == 0 {
            return a.max(b);
        }
        self.work.clear();
        self.visited.clear();
        self.work.push((a, b, self.bits));
        while let Some((x, y, level)) = self.work.pop() {
            if level == 0 {
                self.release(y); // both leaves: x already holds the value
                continue;
            }
            self.push(x, level);
            self.push(y, level);
            for side in 0..2 {
                let (cx, cy) = (
                    self.node[x as usize].child[side],
                    self.node[y as usize].child[side],
                );
                if cx == 0 {
                    self.node[x as usize].child[side] = cy;
                } else if cy != 0 {
                    self.work.push((cx, cy, level - 1));
                }
            }
            // y's children now belong to x (or are being merged into x's): y is free.
            self.release(y);
            self.visited.push(x);
        }
        // Preorder reversed: every node after all of its descendants.
        while let Some(x) = self.visited.pop() {
            self.refresh(x);
        }
        a
    }

    /// The smallest value not in the trie rooted at `a`.
    fn mex(&mut self, mut a: u32) -> u64 {
        let mut result = 0u64;
        let mut level = self.bits;
        while level > 0 && a != 0 {
            self.push(a, level);
            let [l, r] = self.node[a as usize].child;
            if l != 0 && self.full(l) {
                result |= 1 << (level - 1);
                a = r;
            } else {
                a = l;
            }
            level -= 1;
        }
        result
    }
}

/// g(v) and xs(v) for every vertex (both at most the number of vertices: u32).
pub fn values(pos: &PaintPos) -> (Vec<u32>, Vec<u32>) {
    let tree = &pos.tree;
    let n = tree.len();
    // Every value is at most n (a mex over at most n reachable values).
    let bits = 64 - (n as u64).leading_zeros();
    let whites = pos.white.iter().filter(|&&w| w).count();
    let mut tries = Tries::new(bits, (whites * (bits as usize + 1) + 1).min(1 << 26));
    let mut root = vec![0u32; n];
    let mut g = vec![0u32; n];
    let mut xs = vec![0u32; n];
    for &v in tree.order().iter().rev() {
        let children = tree.children(v);
        let x = children.iter().fold(0, |acc, &c| acc ^ g[c as usize]);
        xs[v as usize] = x;
        let mut r = 0;
        for &c in children {
            let rc = std::mem::take(&mut root[c as usize]);
            tries.xor_all(rc, u64::from(x ^ g[c as usize]));
            r = tries.merge(r, rc);
        }
        if pos.white[v as usize] {
            r = tries.insert(r, u64::from(x));
        }
        g[v as usize] = tries.mex(r) as u32;
        root[v as usize] = r;
    }
    (g, xs)
}

/// Value and every winning first vertex.
pub fn solve(pos: &PaintPos) -> PaintAnswer {
    let tree = &pos.tree;
    let (g, xs) = values(pos);
    let mut above = vec![0u32; tree.len()];
    let mut winning = Vec::new();
    for &v in tree.order() {
        let a = above[v as usize];
        if pos.white[v as usize] && a ^ xs[v as usize] == 0 {
            winning.push(v);
        }
        for &c in tree.children(v) {
            above[c as usize] = a ^ xs[v as usize] ^ g[c as usize];
        }
    }
    winning.sort_unstable();
    PaintAnswer {
        value: u64::from(g[0]),
        winning,
    }
}

/// Value and every winning first vertex of a coloured tree read by leaf peeling
/// ([`grundy_games::peel`]), without building it; `None` when the edges are not a tree.
///
/// The same sets as [`values`], in peeling order: a vertex is complete when it is peeled
/// (its children were peeled before it), so its set S(c) and value g(c) are made then and
/// merged at once into its parent's, and the parent's XOR of children's values xs grows
/// as they come. The XOR by xs(p) that every child's set needs is not known until the
/// last child, but it is the same for all of them: the parent keeps the union of the
/// S(c) ⊕ g(c) and applies xs(p) once, when its own turn comes. What a vertex needs sits
/// in one 16-byte record, asked for a few peels ahead ([`grundy_games::prefetch`]).
pub fn peeled_answer(mut tree: grundy_games::peel::Peeling) -> Option<PaintAnswer> {
    /// Parent; g; xs, the XOR of the children's g; the trie of the children's sets (each
    /// XORed with its g) while the vertex is open, then the XOR `above` of the top-down
    /// pass.
    #[derive(Clone, Copy, Default)]
    struct Vertex {
        parent: u32,
        g: u32,
        xs: u32,
        trie: u32,
    }
    let white = tree.take_white();
    let n = tree.len();
    let bits = 64 - (n as u64).leading_zeros();
    let whites = white.iter().filter(|&&w| w).count();
    let mut tries = Tries::new(bits, (whites * (bits as usize + 1) + 1).min(1 << 26));
    let mut at = vec![Vertex::default(); n];
    let mut order = Vec::with_capacity(n.saturating_sub(1));
    // S(v) = (union of the children's S(c) ⊕ g(c)) ⊕ xs(v), with {xs(v)} if v is white:
    // returns its trie and g(v) = mex S(v).
    let close = |tries: &mut Tries, v: Vertex, white: bool| {
        let mut r = v.trie;
        tries.xor_all(r, u64::from(v.xs));
        if white {
            r = tries.insert(r, u64::from(v.xs));
        }
        (r, tries.mex(r) as u32)
    };
    let cells = std::cell::Cell::from_mut(&mut at[..]).as_slice_of_cells();
    let is_tree = tree.bottom_up_ahead(
        |p| prefetch(cells, p as usize),
        |c, p| {
            let mut v = cells[c as usize].get();
            let (r, g) = close(&mut tries, v, white[c as usize]);
            tries.xor_all(r, u64::from(g));
            (v.parent, v.g, v.trie) = (p, g, 0);
            cells[c as usize].set(v);
            let mut up = cells[p as usize].get();
            up.trie = tries.merge(up.trie, r);
            up.xs ^= g;
            cells[p as usize].set(up);
            order.push(c);
        },
    );
    if !is_tree {
        return None;
    }
    let (_, g0) = close(&mut tries, at[0], white[0]);
    drop(tries);
    at[0].g = g0;
    at[0].trie = 0;
    // Top-down: A(root) = 0, A(c) = A(p) ⊕ xs(p) ⊕ g(c); painting white u leaves A(u) ⊕ xs(u).
    for &c in order.iter().rev() {
        let up = at[at[c as usize].parent as usize];
        let v = &mut at[c as usize];
        v.trie = up.trie ^ up.xs ^ v.g;
    }
    let winning = (0..n as u32)
        .filter(|&v| white[v as usize] && at[v as usize].trie == at[v as usize].xs)
        .collect();
    Some(PaintAnswer {
        value: u64::from(g0),
        winning,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    impl Tries {
        /// Every value of the trie rooted at `a` (pushing every pending XOR on the way).
        fn contents(&mut self, a: u32) -> BTreeSet<u64> {
            let mut out = BTreeSet::new();
            let mut stack = vec![(a, self.bits, 0u64)];
            while let Some((x, level, value)) = stack.pop() {
                if x == 0 {
                    continue;
                }
                if level == 0 {
                    out.insert(value);
                    continue;
                }
                self.push(x, level);
                let [l, r] = self.node[x as usize].child;
                stack.push((l, level - 1, value));
                stack.push((r, level - 1, value | 1 << (level - 1)));
            }
            out
        }
    }

    /// The peeling path against [`solve`] on trees far larger than the gate's (random,
    /// chain-like, star-like, with shuffled ids) and random colours, through the text of
    /// a COT 3 input.
    #[test]
    fn peeled_answers_are_the_solvers() {
        use grundy_games::{peel, Position, Problem, Tree};
        let mut seed = 0x51_7cc1_b727_220au64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        for round in 0..60 {
            let n = [2, 40, 700, 3000][round % 4];
            let mut id: Vec<u32> = (0..n as u32).collect();
            for i in (2..n).rev() {
                id.swap(i, 1 + next(i as u64) as usize);
            }
            let edges: Vec<(u32, u32)> = (1..n)
                .map(|v| {
                    let p = match round % 3 {
                        0 => next(v as u64) as usize,
                        1 => v - 1 - next(v.min(3) as u64) as usize,
                        _ => next(v.min(4) as u64) as usize,
                    };
                    (id[p], id[v])
                })
                .collect();
            let tree = Tree::from_edges(n, &edges).unwrap();
            let white = (0..n).map(|_| next(3) != 0).collect();
            let pos = PaintPos { tree, white };
            let text = Problem::Cot3.write_input(&[Position::Paint(pos.clone())]);
            let layout = peel::Layout::ColoursThenEdges;
            let peeled = peel::read_tree(text.as_bytes(), layout, (1, 1 << 20)).unwrap();
            assert_eq!(peeled_answer(peeled), Some(solve(&pos)), "round {round}");
        }
    }

    /// The tries against plain sets, on random inserts, whole-trie XORs, merges and mex
    /// walks — including XORs that reach a node whose children still hold a pending XOR
    /// (a walk went down the other side), where the tags must combine by XOR.
    #[test]
    fn tries_behave_like_sets() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        for _ in 0..300 {
            let bits = 1 + next(5) as u32;
            let top = 1u64 << bits;
            let mut tries = Tries::new(bits, 64);
            let mut roots = [0u32; 4];
            let mut sets = vec![BTreeSet::new(); 4];
            for _ in 0..40 {
                let i = next(4) as usize;
                match next(4) {
                    0 => {
                        let x = next(top);
                        roots[i] = tries.insert(roots[i], x);
                        sets[i].insert(x);
                    }
                    1 => {
                        let x = next(top);
                        tries.xor_all(roots[i], x);
                        sets[i] = sets[i].iter().map(|v| v ^ x).collect();
                    }
                    2 => {
                        let j = (i + 1 + next(3) as usize) % 4;
                        roots[i] = tries.merge(roots[i], std::mem::take(&mut roots[j]));
                        let moved = std::mem::take(&mut sets[j]);
                        sets[i].extend(moved);
                    }
                    _ => {
                        let mex = (0..).find(|v| !sets[i].contains(v)).unwrap();
                        if mex < top {
                            assert_eq!(tries.mex(roots[i]), mex, "{:?}", sets[i]);
                        }
                    }
                }
            }
            for i in 0..4 {
                assert_eq!(tries.contents(roots[i]), sets[i]);
            }
        }
    }
}
