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
/// (bits 0..26), the node's level (bits 26..31: a node of level L holds values of L
/// bits; a leaf is level 0) and whether every value under it is present ([`FULL`]). One
/// record of 12 bytes: a node visited is one cache line touched (mostly). A free node's
/// `child[0]` links the list of free nodes.
#[derive(Clone, Copy, Default)]
struct Node {
    child: [u32; 2],
    tag: u32,
}

/// The bit of [`Node::tag`] saying that every value under the node is present.
const FULL: u32 = 1 << 31;
/// Where a node's level starts in [`Node::tag`].
const LEVEL_AT: u32 = 26;
/// The XOR part of [`Node::tag`]: values have at most 26 bits (20 million vertices need 25).
const XOR: u32 = (1 << LEVEL_AT) - 1;

/// Bits of `x` (0 for 0).
fn bit_length(x: u32) -> u32 {
    32 - x.leading_zeros()
}

/// An arena of binary tries over values of at most 26 bits. A trie is named by its root
/// (0: the empty trie) and is only as tall as its values need: a trie of level h holds
/// values below 2^h, and grows a level on top (a node with a left child only) when a
/// larger value is XORed in, inserted or merged with it. Most sets of a large tree hold
/// small values (a million-vertex random tree's largest is about 4,000), so the walks are
/// short and the tries small. The nodes a merge frees are reused.
struct Tries {
    node: Vec<Node>,
    work: Vec<(u32, u32)>,
    visited: Vec<u32>,
    /// The first free node (0: none).
    free: u32,
}

impl Tries {
    fn new(capacity: usize) -> Tries {
        let mut t = Tries {
            node: Vec::with_capacity(capacity),
            work: Vec::new(),
            visited: Vec::new(),
            free: 0,
        };
        t.node(0);
        t
    }

    /// A new node of `level`, without children.
    fn node(&mut self, level: u32) -> u32 {
        let fresh = Node {
            child: [0, 0],
            tag: level << LEVEL_AT,
        };
        if self.free != 0 {
            let a = self.free;
            self.free = self.node[a as usize].child[0];
            self.node[a as usize] = fresh;
            return a;
        }
        self.node.push(fresh);
        (self.node.len() - 1) as u32
    }

    fn level(&self, a: u32) -> u32 {
        self.node[a as usize].tag >> LEVEL_AT & 0x1f
    }

    fn full(&self, a: u32) -> bool {
        self.node[a as usize].tag & FULL != 0
    }

    /// Puts node `a` (no longer in any trie) on the free list.
    fn release(&mut self, a: u32) {
        self.node[a as usize].child[0] = self.free;
        self.free = a;
    }

    /// Applies the pending XOR of `a` (not a leaf: the walks push only nodes above level
    /// 0) to its children. Only the bits below a node's level mean anything to it; higher
    /// ones, passed down from a taller ancestor, are ignored.
    fn push(&mut self, a: u32) {
        let t = self.node[a as usize].tag & XOR;
        if t == 0 {
            return;
        }
        let level = self.level(a);
        if t >> (level - 1) & 1 == 1 {
            self.node[a as usize].child.swap(0, 1);
        }
        for c in self.node[a as usize].child {
            if c != 0 {
                self.node[c as usize].tag ^= t;
            }
        }
        self.node[a as usize].tag &= !XOR;
    }

    fn refresh(&mut self, a: u32) {
        let [l, r] = self.node[a as usize].child;
        let full = l != 0 && r != 0 && self.full(l) && self.full(r);
        let tag = &mut self.node[a as usize].tag;
        *tag = if full { *tag | FULL } else { *tag & !FULL };
    }

    /// The trie `a` (not empty) made `level` tall, if it is shorter: new roots above it,
    /// each with the old root as its left child (values below 2^h have those bits 0).
    fn lift(&mut self, mut a: u32, level: u32) -> u32 {
        for l in self.level(a) + 1..=level {
            let top = self.node(l);
            self.node[top as usize].child[0] = a;
            a = top;
        }
        a
    }

    /// XORs every value of the trie rooted at `a` with `x`; returns its root.
    fn xor_all(&mut self, a: u32, x: u32) -> u32 {
        debug_assert!(x <= XOR);
        if a == 0 || x == 0 {
            return a;
        }
        let a = self.lift(a, bit_length(x));
        self.node[a as usize].tag ^= x;
        a
    }

    /// Inserts `x` into the trie rooted at `root` (0 for empty); returns the root.
    fn insert(&mut self, root: u32, x: u32) -> u32 {
        debug_assert!(x <= XOR);
        let root = match root {
            0 => self.node(bit_length(x)),
            r => self.lift(r, bit_length(x)),
        };
        let mut a = root;
        self.visited.clear();
        for level in (1..=self.level(root)).rev() {
            self.push(a);
            let bit = (x >> (level - 1) & 1) as usize;
            if self.node[a as usize].child[bit] == 0 {
                let c = self.node(level - 1);
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
        let level = self.level(a).max(self.level(b));
        let (a, b) = (self.lift(a, level), self.lift(b, level));
        self.work.clear();
        self.visited.clear();
        self.work.push((a, b));
        while let Some((x, y)) = self.work.pop() {
            if self.level(x) == 0 {
                self.release(y); // both leaves: x already holds the value
                continue;
            }
            self.push(x);
            self.push(y);
            for side in 0..2 {
                let (cx, cy) = (
                    self.node[x as usize].child[side],
                    self.node[y as usize].child[side],
                );
                if cx == 0 {
                    self.node[x as usize].child[side] = cy;
                } else if cy != 0 {
                    self.work.push((cx, cy));
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
    fn mex(&mut self, mut a: u32) -> u32 {
        if a == 0 {
            return 0;
        }
        let mut level = self.level(a);
        if self.full(a) {
            return 1 << level;
        }
        let mut result = 0;
        while level > 0 && a != 0 {
            self.push(a);
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

/// Trie nodes to reserve room for: a value is at most n (a mex over at most n values), and
/// each white vertex inserts one value, a node per bit.
fn capacity(n: usize, whites: usize) -> usize {
    assert!(
        n <= XOR as usize,
        "{n} vertices: values of more than 26 bits"
    );
    let bits = bit_length(n as u32) as usize;
    (whites * (bits + 1) + 1).min(1 << 26)
}

/// What the bottom-up pass keeps of a vertex: parent; g; xs, the XOR of the children's g;
/// the trie of the children's sets (each XORed with its g) while the vertex is open, then
/// the XOR `above` of the top-down pass. One 16-byte record.
#[derive(Clone, Copy, Default)]
struct Vertex {
    parent: u32,
    g: u32,
    xs: u32,
    trie: u32,
}

/// The sets of a tree's vertices built bottom-up, a vertex at a time as it is hung from
/// its parent, in any order that lists children before parents (the tree's reversed
/// breadth-first order, or a leaf peeling). A vertex is complete when it is hung, so its
/// set S(c) and value g(c) are made then and merged at once into its parent's, and the
/// parent's xs grows as its children come; the XOR by xs(p) that every child's set needs
/// is the same for all of them, so the parent keeps the union of the S(c) ⊕ g(c) and
/// applies xs(p) once, at its own turn.
struct Sets {
    at: Vec<std::cell::Cell<Vertex>>,
    tries: Tries,
    /// The vertices hung so far, in that order.
    order: Vec<u32>,
}

impl Sets {
    fn new(white: &[bool]) -> Sets {
        let n = white.len();
        let whites = white.iter().filter(|&&w| w).count();
        Sets {
            at: vec![std::cell::Cell::new(Vertex::default()); n],
            tries: Tries::new(capacity(n, whites)),
            order: Vec::with_capacity(n.saturating_sub(1)),
        }
    }

    /// Hangs the complete vertex `c` from `p` (an associated function over the parts, so
    /// that `at` can be read for prefetching while this runs).
    fn hang(
        at: &[std::cell::Cell<Vertex>],
        tries: &mut Tries,
        order: &mut Vec<u32>,
        white: bool,
        (c, p): (u32, u32),
    ) {
        let mut v = at[c as usize].get();
        let (r, g) = close(tries, v, white);
        let r = tries.xor_all(r, g);
        (v.parent, v.g, v.trie) = (p, g, 0);
        at[c as usize].set(v);
        let mut up = at[p as usize].get();
        up.trie = tries.merge(up.trie, r);
        up.xs ^= g;
        at[p as usize].set(up);
        order.push(c);
    }

    /// The value (the root's set closed) and the winning first vertices, top-down:
    /// A(root) = 0, A(c) = A(p) ⊕ xs(p) ⊕ g(c); painting white u leaves A(u) ⊕ xs(u).
    fn finish(mut self, white: &[bool]) -> PaintAnswer {
        let mut at: Vec<Vertex> = self.at.into_iter().map(|v| v.into_inner()).collect();
        if at.is_empty() {
            return PaintAnswer::default();
        }
        let (_, g0) = close(&mut self.tries, at[0], white[0]);
        drop(self.tries);
        (at[0].g, at[0].trie) = (g0, 0);
        for &c in self.order.iter().rev() {
            let up = at[at[c as usize].parent as usize];
            let v = &mut at[c as usize];
            v.trie = up.trie ^ up.xs ^ v.g;
        }
        let winning = (0..at.len() as u32)
            .filter(|&v| white[v as usize] && at[v as usize].trie == at[v as usize].xs)
            .collect();
        PaintAnswer {
            value: u64::from(g0),
            winning,
        }
    }
}

/// S(v) = (union of the children's S(c) ⊕ g(c)) ⊕ xs(v), with {xs(v)} if v is white:
/// returns its trie and g(v) = mex S(v).
fn close(tries: &mut Tries, v: Vertex, white: bool) -> (u32, u32) {
    let mut r = tries.xor_all(v.trie, v.xs);
    if white {
        r = tries.insert(r, v.xs);
    }
    (r, tries.mex(r))
}

/// Value and every winning first vertex.
pub fn solve(pos: &PaintPos) -> PaintAnswer {
    let tree = &pos.tree;
    let mut sets = Sets::new(&pos.white);
    for &v in tree.order().iter().rev() {
        if let Some(p) = tree.parent(v) {
            let white = pos.white[v as usize];
            Sets::hang(&sets.at, &mut sets.tries, &mut sets.order, white, (v, p));
        }
    }
    sets.finish(&pos.white)
}

/// Value and every winning first vertex of a coloured tree read by leaf peeling
/// ([`grundy_games::peel`]), without building it; `None` when the edges are not a tree.
/// The same [`Sets`] as [`solve`], hung in peeling order, each parent's record asked for
/// a few peels ahead ([`grundy_games::prefetch`]).
pub fn peeled_answer(mut tree: grundy_games::peel::Peeling) -> Option<PaintAnswer> {
    let white = tree.take_white();
    let mut sets = Sets::new(&white);
    let Sets { at, tries, order } = &mut sets;
    let at: &[std::cell::Cell<Vertex>] = at;
    let is_tree = tree.bottom_up_ahead(
        |p| prefetch(at, p as usize),
        |c, p| Sets::hang(at, tries, order, white[c as usize], (c, p)),
    );
    is_tree.then(|| sets.finish(&white))
}

impl crate::Solve for grundy_games::kind::Paint {
    fn solve(p: &PaintPos) -> PaintAnswer {
        solve(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// A xorshift generator from `seed`: each call gives a number below its argument.
    fn below(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |m| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        }
    }

    impl Tries {
        /// Every value of the trie rooted at `a` (pushing every pending XOR on the way).
        /// Also checks that every child is one level below its parent, and that a node
        /// is full exactly when it holds every value of its level.
        fn contents(&mut self, a: u32) -> BTreeSet<u32> {
            let mut out = BTreeSet::new();
            if a == 0 {
                return out;
            }
            let mut stack = vec![(a, 0u32)];
            while let Some((x, value)) = stack.pop() {
                let level = self.level(x);
                let below = self.values_under(x);
                assert_eq!(self.full(x), below == 1 << level, "full at level {level}");
                if level == 0 {
                    out.insert(value);
                    continue;
                }
                self.push(x);
                for (side, c) in self.node[x as usize].child.into_iter().enumerate() {
                    if c != 0 {
                        assert_eq!(self.level(c), level - 1, "a child's level");
                        stack.push((c, value | (side as u32) << (level - 1)));
                    }
                }
            }
            out
        }

        /// How many nodes the trie rooted at `x` has (none for 0).
        fn nodes_under(&self, x: u32) -> usize {
            let (mut count, mut stack) = (0, vec![x]);
            while let Some(y) = stack.pop() {
                if y != 0 {
                    count += 1;
                    stack.extend(self.node[y as usize].child);
                }
            }
            count
        }

        /// How many values the trie under node `x` holds.
        fn values_under(&self, x: u32) -> usize {
            let (mut count, mut stack) = (0, vec![x]);
            while let Some(y) = stack.pop() {
                if self.level(y) == 0 {
                    count += 1;
                }
                stack.extend(self.node[y as usize].child.into_iter().filter(|&c| c != 0));
            }
            count
        }
    }

    /// The peeling path against [`solve`] on trees far larger than the gate's (random,
    /// chain-like, star-like, with shuffled ids) and random colours, through the text of
    /// a COT 3 input.
    #[test]
    fn peeled_answers_are_the_solvers() {
        use grundy_games::{peel, Position, Problem, Tree};
        let mut next = below(0x51_7cc1_b727_220au64);
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
        let mut next = below(0x2545_F491_4F6C_DD1Du64);
        for _ in 0..300 {
            // Values of up to 1..=6 bits: tries grow as larger values come.
            let bits = 1 + next(6) as u32;
            let top = 1u64 << bits;
            let mut tries = Tries::new(64);
            let mut roots = [0u32; 4];
            let mut sets = vec![BTreeSet::new(); 4];
            for _ in 0..40 {
                let i = next(4) as usize;
                // Small values more often than large ones.
                let range = next(top) + 1;
                let x = next(range) as u32;
                match next(4) {
                    0 => {
                        roots[i] = tries.insert(roots[i], x);
                        sets[i].insert(x);
                    }
                    1 => {
                        roots[i] = tries.xor_all(roots[i], x);
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
                        assert_eq!(tries.mex(roots[i]), mex, "{:?}", sets[i]);
                    }
                }
                // A trie is as tall as its values need, or taller.
                if let Some(&most) = sets[i].last() {
                    assert!(tries.level(roots[i]) >= bit_length(most));
                }
            }
            for i in 0..4 {
                assert_eq!(tries.contents(roots[i]), sets[i]);
                // The empty set is the empty trie (XORing it adds no node).
                assert_eq!(roots[i] == 0, sets[i].is_empty());
            }
            // Every node is node 0, in a trie, or free for reuse: none is lost.
            let in_tries: usize = roots.iter().map(|&r| tries.nodes_under(r)).sum();
            let mut free = 0;
            let mut at = tries.free;
            while at != 0 {
                free += 1;
                at = tries.node[at as usize].child[0];
            }
            assert_eq!(1 + in_tries + free, tries.node.len());
        }
    }
}
