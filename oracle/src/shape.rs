//! Values of small rooted trees kept by shape, so a search runs once per shape.
//!
//! A game on a rooted tree has the same value on every tree of the same shape: the rules
//! never look at vertex ids. The `cut` answer asks for the value with every vertex as the
//! root, one search each; `grundy exhaust cut` asks it of every rooted tree up to N
//! vertices, and every rerooting of one of them is itself one of them. Keyed by the exact
//! shape, each value is searched once per run instead of once per vertex of every tree that
//! reroots to it (`exhaust cut --max-nodes 16`: 181 s → see the guide's benchmarks).
//!
//! The key is the canonical level sequence (children in decreasing order of their own
//! sequences, each block one level deeper): equal exactly when the rooted trees are
//! isomorphic. Up to 16 vertices the depths after the root's are 1..=15 and pack into
//! 4-bit digits, so the key is exact (no hash), and the table holds at most one entry per
//! rooted tree of up to 16 vertices and play convention (376,464 shapes × 2). Pure
//! counting and sorting, no game theory: a wrong key could only pair two trees of
//! different shapes, and the tests compare it with isomorphism by brute force.

use crate::search::Play;
use grundy_games::Tree;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// Most vertices a keyed tree may have.
pub const MAX_VERTICES: usize = 16;

/// The exact key of a rooted tree's shape, or `None` past [`MAX_VERTICES`].
pub fn key(tree: &Tree) -> Option<u64> {
    let n = tree.len();
    if n > MAX_VERTICES {
        return None;
    }
    // seq[v]: v's subtree as depths relative to v, v's own 0 first, packed as 4-bit digits
    // from the top of a word (at most 16 digits, each at most 15), with its length.
    // Every digit after the first is nonzero, so comparing two packed words compares
    // the sequences lexicographically, a shorter one first when it is a prefix. Children
    // before parents (reverse breadth-first order), so every child's sequence is final
    // when its parent's is built. No allocation: this runs once per root of every `cut`
    // case.
    let mut seq = [0u64; MAX_VERTICES];
    let mut len = [0u32; MAX_VERTICES];
    let mut blocks = [(0u64, 0u32); MAX_VERTICES];
    for &v in tree.order().iter().rev() {
        let children = tree.children(v);
        for (slot, &c) in blocks.iter_mut().zip(children) {
            *slot = (seq[c as usize], len[c as usize]);
        }
        let blocks = &mut blocks[..children.len()];
        blocks.sort_unstable_by_key(|b| std::cmp::Reverse(b.0));
        let (mut own, mut l) = (0u64, 1u32);
        for &(block, bl) in blocks.iter() {
            // One level deeper: 1 added to each of the block's digits (none carries).
            let deeper = block + (0x1111_1111_1111_1111u64 << (64 - 4 * bl));
            own |= deeper >> (4 * l);
            l += bl;
        }
        seq[v as usize] = own;
        len[v as usize] = l;
    }
    let root = tree.order().first().copied().unwrap_or(0) as usize;
    // Depths 1..=15 after the root's 0: one nonzero digit each, so the length is implied.
    let l = len[root];
    Some(if l <= 1 {
        0
    } else {
        (seq[root] << 4) >> (64 - 4 * (l - 1))
    })
}

/// Most entries a table keeps (more than the 2 × 376,464 shapes it can meet).
const MAX_ENTRIES: usize = 1 << 20;

/// Values by play convention and shape.
#[derive(Default)]
pub struct Shapes {
    values: Mutex<HashMap<(bool, u64), u32>>,
}

impl Shapes {
    /// The table every search of this process shares.
    pub fn shared() -> &'static Shapes {
        static SHARED: OnceLock<Shapes> = OnceLock::new();
        SHARED.get_or_init(Shapes::default)
    }

    fn values(&self) -> std::sync::MutexGuard<'_, HashMap<(bool, u64), u32>> {
        self.values.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Keeps `value` as the value of `tree`'s shape under `play` (nothing past
    /// [`MAX_VERTICES`]).
    pub fn record(&self, tree: &Tree, play: Play, value: u32) {
        if let Some(k) = key(tree) {
            let mut values = self.values();
            if values.len() < MAX_ENTRIES {
                values.insert((play == Play::Misere, k), value);
            }
        }
    }

    /// The value of `tree` under `play`: from the table when its shape was searched
    /// before, else by `search` (whose value is then kept). Returns the value and the
    /// states `search` explored (0 when the table answered).
    pub fn value<E>(
        &self,
        tree: &Tree,
        play: Play,
        search: impl FnOnce() -> Result<(u32, usize), E>,
    ) -> Result<(u32, usize), E> {
        let known = key(tree).and_then(|k| self.values().get(&(play == Play::Misere, k)).copied());
        if let Some(v) = known {
            return Ok((v, 0));
        }
        let (v, states) = search()?;
        self.record(tree, play, v);
        Ok((v, states))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// AHU string of a rooted tree: the plainest canonical form (recursion-free).
    fn ahu(tree: &Tree) -> String {
        let mut code = vec![String::new(); tree.len()];
        for &v in tree.order().iter().rev() {
            let mut k: Vec<String> = tree
                .children(v)
                .iter()
                .map(|&c| code[c as usize].clone())
                .collect();
            k.sort();
            code[v as usize] = format!("({})", k.concat());
        }
        code[0].clone()
    }

    /// The key as first written, one vector of depths per vertex: the packed words of
    /// [`key`] must give the very same numbers.
    fn key_by_vectors(tree: &Tree) -> u64 {
        let mut seq: Vec<Vec<u8>> = vec![Vec::new(); tree.len()];
        for &v in tree.order().iter().rev() {
            let mut blocks: Vec<&Vec<u8>> =
                tree.children(v).iter().map(|&c| &seq[c as usize]).collect();
            blocks.sort_unstable_by(|a, b| b.cmp(a));
            let mut own = vec![0u8];
            for block in blocks {
                own.extend(block.iter().map(|d| d + 1));
            }
            seq[v as usize] = own;
        }
        seq[0][1..].iter().fold(0u64, |k, &d| k << 4 | u64::from(d))
    }

    /// Small xorshift: the oracle crate cannot use the fuzzing crate's generator.
    fn next(s: &mut u64) -> u64 {
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s
    }

    fn random_tree(n: usize, s: &mut u64) -> Tree {
        let mut parents = vec![u32::MAX];
        for v in 1..n {
            parents.push((next(s) % v as u64) as u32);
        }
        let tree = Tree::from_parents(&parents).unwrap();
        // Shuffle the ids (the root stays 0): the key must not see them.
        let mut perm: Vec<u32> = (0..n as u32).collect();
        for i in (2..n).rev() {
            let j = 1 + (next(s) % i as u64) as usize;
            perm.swap(i, j);
        }
        let edges: Vec<(u32, u32)> = tree
            .edges()
            .into_iter()
            .map(|(a, b)| (perm[a as usize], perm[b as usize]))
            .collect();
        Tree::from_edges(n, &edges).unwrap()
    }

    /// Keys are equal exactly when the AHU strings are, over thousands of random trees
    /// (with many repeated shapes) of every size up to 16 and all their rerootings.
    #[test]
    fn keys_are_equal_exactly_for_isomorphic_trees() {
        let mut s = 0x9e37_79b9_7f4a_7c15;
        let mut by_key: HashMap<u64, String> = HashMap::new();
        let mut by_ahu: HashMap<String, u64> = HashMap::new();
        for round in 0..3000 {
            let n = 1 + round % MAX_VERTICES;
            let tree = random_tree(n, &mut s);
            for r in 0..n as u32 {
                let t = if r == 0 {
                    tree.clone()
                } else {
                    tree.rerooted(r).0
                };
                let (k, a) = (key(&t).unwrap(), ahu(&t));
                assert_eq!(k, key_by_vectors(&t));
                assert_eq!(by_key.entry(k).or_insert_with(|| a.clone()), &a);
                assert_eq!(*by_ahu.entry(a).or_insert(k), k);
            }
        }
        assert!(by_key.len() > 1000, "{} shapes", by_key.len());
        assert_eq!(key(&Tree::from_parents(&[u32::MAX]).unwrap()), Some(0));
        let chain: Vec<u32> = (0..17).map(|v: u32| v.wrapping_sub(1)).collect();
        assert_eq!(key(&Tree::from_parents(&chain).unwrap()), None);
        assert!(key(&Tree::from_parents(&chain[..16]).unwrap()).is_some());
    }

    #[test]
    fn the_table_answers_a_shape_searched_before() {
        let mut s = 7;
        let tree = random_tree(9, &mut s);
        let same = random_tree(9, &mut 7);
        let searches = std::cell::Cell::new(0);
        let search = || {
            searches.set(searches.get() + 1);
            Ok::<_, ()>((41, 5))
        };
        let table = Shapes::default();
        assert_eq!(table.value(&tree, Play::Misere, search), Ok((41, 5)));
        assert_eq!(table.value(&same, Play::Misere, search), Ok((41, 0)));
        assert_eq!(searches.get(), 1);
        // Another play convention is another value; an error is not kept.
        assert_eq!(table.value(&same, Play::Normal, || Err(())), Err(()));
        assert_eq!(table.value(&same, Play::Normal, search), Ok((41, 5)));
        assert_eq!(searches.get(), 2);
        table.record(&tree, Play::Normal, 3);
        assert_eq!(table.value(&same, Play::Normal, search), Ok((3, 0)));
        // Every search of the process shares one table.
        assert!(std::ptr::eq(Shapes::shared(), Shapes::shared()));
    }
}
