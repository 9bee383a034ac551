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

use grundy_games::{PaintAnswer, PaintPos};

/// An arena of trie nodes over values of `bits` bits (at most 32: a value is at most the
/// number of vertices). Node 0 is the empty trie. The nodes a merge frees are reused.
struct Tries {
    child: Vec<[u32; 2]>,
    tag: Vec<u32>,
    full: Vec<bool>,
    bits: u32,
    work: Vec<(u32, u32, u32)>,
    visited: Vec<u32>,
    free: Vec<u32>,
}

impl Tries {
    fn new(bits: u32, capacity: usize) -> Tries {
        let mut t = Tries {
            child: Vec::with_capacity(capacity),
            tag: Vec::with_capacity(capacity),
            full: Vec::with_capacity(capacity),
            bits,
            work: Vec::new(),
            visited: Vec::new(),
            free: Vec::new(),
        };
        t.node();
        t
    }

    fn node(&mut self) -> u32 {
        if let Some(a) = self.free.pop() {
            self.child[a as usize] = [0, 0];
            self.tag[a as usize] = 0;
            self.full[a as usize] = false;
            return a;
        }
        self.child.push([0, 0]);
        self.tag.push(0);
        self.full.push(false);
        (self.child.len() - 1) as u32
    }

    /// Applies the pending XOR of `a` (a node of `level` ≥ 1) to its children.
    fn push(&mut self, a: u32, level: u32) {
        let t = self.tag[a as usize];
        if t == 0 {
            return;
        }
        if t >> (level - 1) & 1 == 1 {
            self.child[a as usize].swap(0, 1);
        }
        for c in self.child[a as usize] {
            if c != 0 {
                self.tag[c as usize] ^= t;
            }
        }
        self.tag[a as usize] = 0;
    }

    fn refresh(&mut self, a: u32) {
        let [l, r] = self.child[a as usize];
        self.full[a as usize] = l != 0 && r != 0 && self.full[l as usize] && self.full[r as usize];
    }

    /// XORs every value of the trie rooted at `a` with `x`.
    fn xor_all(&mut self, a: u32, x: u64) {
        if a != 0 {
            self.tag[a as usize] ^= x as u32;
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
            if self.child[a as usize][bit] == 0 {
                let c = self.node();
                self.child[a as usize][bit] = c;
            }
            self.visited.push(a);
            a = self.child[a as usize][bit];
        }
        self.full[a as usize] = true;
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
                self.free.push(y); // both leaves: x already holds the value
                continue;
            }
            self.push(x, level);
            self.push(y, level);
            for side in 0..2 {
                let (cx, cy) = (self.child[x as usize][side], self.child[y as usize][side]);
                if cx == 0 {
                    self.child[x as usize][side] = cy;
                } else if cy != 0 {
                    self.work.push((cx, cy, level - 1));
                }
            }
            // y's children now belong to x (or are being merged into x's): y is free.
            self.free.push(y);
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
            let [l, r] = self.child[a as usize];
            if l != 0 && self.full[l as usize] {
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
                let [l, r] = self.child[x as usize];
                stack.push((l, level - 1, value));
                stack.push((r, level - 1, value | 1 << (level - 1)));
            }
            out
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
