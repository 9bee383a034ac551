//! `cut` from the rules: a state is the set of edges still attached, each edge named by its
//! child vertex; cutting edge c removes c's whole subtree (precomputed as a mask), which is
//! exactly "everything no longer connected to the root falls".
//!
//! Every state is a subtree containing the root, and every such subtree is reachable, so
//! the states can be numbered exactly: with the children of each vertex in order, a
//! subtree is a mixed-radix number whose digit for child c is 0 when c is cut and
//! 1 + (c's own number) otherwise. Unrolled, a state's number is the sum of a fixed weight
//! per vertex it keeps. This is counting, not game theory; it lets the search keep values
//! in a [`Dense`](crate::dense::Dense) table of one byte per state instead of a hash memo.
//! Each state carries its number, and the successors' numbers come from one pass over
//! the kept vertices (children before parents), so numbering costs O(kept vertices) per
//! state.

use crate::dense::Numbered;
use crate::mask::{ids, Mask};
use crate::search::OracleError;
use crate::search::Rules;
use crate::{Budget, Play, Report};
use grundy_games::Tree;
use grundy_games::{CutAnswer, CutPos};
use std::cell::RefCell;

/// A `cut` state: the kept non-root vertices (internal, breadth-first ids) and the
/// state's number.
pub type CutState<M> = Numbered<M>;

/// The rules of `cut` on one tree with at most `M::BITS` vertices.
pub struct CutRules<M: Mask> {
    /// `below[c]`: c and every vertex under it (internal ids).
    below: Vec<M>,
    /// Parent of each internal id (the root's is itself).
    parent: Vec<u32>,
    /// Number weight of each internal id (wrapping when the state count overflows).
    weight: Vec<u64>,
    /// Internal id → vertex of the input tree.
    original: Vec<u32>,
    /// Number of states (subtrees containing the root), if it fits in 64 bits.
    numbers: Option<u64>,
    /// Scratch: the number weight kept under each vertex of the state being expanded.
    under: RefCell<Vec<u64>>,
}

impl<M: Mask> CutRules<M> {
    /// Rules for `tree`; `None` when it has more than `M::BITS` vertices.
    pub fn new(tree: &Tree) -> Option<CutRules<M>> {
        let n = tree.len();
        if n > M::BITS as usize {
            return None;
        }
        // Breadth-first ids: a parent's id is below its children's.
        let mut original = vec![0u32];
        let mut head = 0;
        while head < original.len() {
            let v = original[head];
            head += 1;
            original.extend_from_slice(tree.children(v));
        }
        let mut internal = vec![0u32; n];
        for (i, &v) in original.iter().enumerate() {
            internal[v as usize] = i as u32;
        }
        let parent: Vec<u32> = original
            .iter()
            .map(|&v| tree.parent(v).map_or(0, |p| internal[p as usize]))
            .collect();
        let mut below = vec![M::default(); n];
        // count[v]: subtrees of v's subtree containing v (saturating).
        let mut count = vec![1u128; n];
        for i in (0..n).rev() {
            below[i] = below[i] | M::bit(i as u32);
            if i > 0 {
                let p = parent[i] as usize;
                below[p] = below[p] | below[i];
                count[p] = count[p].saturating_mul(count[i].saturating_add(1));
            }
        }
        // weight[c] = weight[parent] × product of (1 + count) over c's earlier siblings.
        let mut weight = vec![0u64; n];
        let mut radix = vec![1u64; n];
        if n > 0 {
            weight[0] = 1;
        }
        for i in 1..n {
            let p = parent[i] as usize;
            weight[i] = weight[p].wrapping_mul(radix[p]);
            radix[p] = radix[p].wrapping_mul((count[i] as u64).wrapping_add(1));
        }
        let numbers = if n == 0 {
            Some(1)
        } else {
            u64::try_from(count[0]).ok()
        };
        Some(CutRules {
            below,
            parent,
            weight,
            original,
            numbers,
            under: RefCell::new(vec![0; n.max(1)]),
        })
    }

    /// Number of states of the game (every subtree containing the root), when it fits in
    /// 64 bits; the states' numbers are then exactly `0..numbers`.
    pub fn numbers(&self) -> Option<u64> {
        self.numbers
    }

    /// The starting state: every edge present.
    pub fn start(&self) -> CutState<M> {
        let kept = self.below.first().map_or(M::default(), |&b| b & !M::bit(0));
        let rank = ids(kept).fold(0u64, |r, u| r.wrapping_add(self.weight[u as usize]));
        CutState { kept, rank }
    }

    /// The moves of `s`: the vertex of the input tree whose parent edge is cut, and the
    /// state it leads to.
    pub fn moves(&self, s: CutState<M>) -> Vec<(u32, CutState<M>)> {
        let mut next = Vec::new();
        self.successors(s, &mut next);
        next.into_iter()
            .map(|t| {
                // The cut vertex is the first (breadth-first) of the vertices that fell.
                let c = (s.kept & !t.kept).lowest();
                (self.original[c as usize], t)
            })
            .collect()
    }
}

impl<M: Mask> Rules for CutRules<M> {
    type State = CutState<M>;
    #[inline]
    fn successors(&self, s: CutState<M>, out: &mut Vec<CutState<M>>) {
        let mut guard = self.under.borrow_mut();
        let under = &mut guard[..];
        let (weight, parent, below) = (&self.weight[..], &self.parent[..], &self.below[..]);
        // under[u] collects the weights of u's kept descendants; going from the highest
        // id down (children before parents), each vertex is final when reached: its
        // successor is emitted, its sum passed to its parent, and its slot zeroed again
        // for the next state.
        let mut rest = s.kept;
        // An exact-length iterator: `extend` then writes without a capacity check per move.
        out.extend((0..s.kept.count()).map(|_| {
            let u = rest.highest() as usize;
            rest = rest & !M::bit(u as u32);
            let sum = under[u].wrapping_add(weight[u]);
            under[u] = 0;
            let p = parent[u] as usize;
            under[p] = under[p].wrapping_add(sum);
            CutState {
                kept: s.kept & !below[u],
                rank: s.rank.wrapping_sub(sum),
            }
        }));
        under[0] = 0;
    }
}

fn cut_value<M: Mask>(
    tree: &Tree,
    play: Play,
    budget: Budget,
) -> Result<(u32, usize), OracleError> {
    let rules = crate::cut::CutRules::<M>::new(tree).expect("size checked");
    let start = rules.start();
    with_numbered_search!(rules, play, budget, s => Ok((s.value(start)?, s.states())))
}

fn cut_answer<M: Mask>(pos: &CutPos, budget: Budget) -> Result<Report<CutAnswer>, OracleError> {
    let tree = &pos.tree;
    let rules = crate::cut::CutRules::<M>::new(tree).expect("size checked");
    let start = rules.start();
    let (value, mut winning, mut states) = with_numbered_search!(rules, Play::Normal, budget, s => {
        let value = s.value(start)?;
        let mut winning = Vec::new();
        for (c, next) in s.rules().moves(start) {
            if s.value(next)? == 0 {
                winning.push(c);
            }
        }
        (value, winning, s.states())
    });
    winning.sort_unstable();
    let shapes = budget.shapes.then(crate::shape::Shapes::shared);
    if let Some(shapes) = shapes {
        shapes.record(tree, Play::Normal, value);
    }
    let mut by_root = vec![u64::from(value); tree.len()];
    for r in 1..tree.len() as u32 {
        let (t, _) = tree.rerooted(r);
        let search = || cut_value::<M>(&t, Play::Normal, budget);
        let (v, st) = match shapes {
            Some(shapes) => shapes.value(&t, Play::Normal, search),
            None => search(),
        }?;
        by_root[r as usize] = u64::from(v);
        states += st;
    }
    Ok(Report {
        answer: CutAnswer {
            value: u64::from(value),
            winning,
            by_root,
        },
        states,
    })
}

impl crate::Exhaustive for grundy_games::kind::Cut {
    fn solve(p: &CutPos, budget: Budget) -> Result<Report<CutAnswer>, OracleError> {
        with_mask!(p.tree.len(), "vertices", M => cut_answer::<M>(p, budget))
    }

    fn misere(p: &CutPos, budget: Budget) -> Result<Vec<bool>, OracleError> {
        let (v, _) = with_mask!(p.tree.len(), "vertices", M => cut_value::<M>(&p.tree, Play::Misere, budget))?;
        Ok(vec![v == 1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// Every reachable state gets its own number in 0..states, and the count is exact.
    #[test]
    fn numbers_are_a_bijection_onto_the_states() {
        let trees = [
            vec![u32::MAX, 0, 0, 1, 1, 2, 5, 5],
            vec![u32::MAX, 0, 1, 2, 3, 4],
            vec![u32::MAX, 0, 0, 0, 0, 0, 0],
            vec![u32::MAX, 3, 3, 0, 2, 2, 1],
            vec![u32::MAX],
        ];
        for parents in trees {
            let tree = Tree::from_parents(&parents).unwrap();
            let rules = CutRules::<u64>::new(&tree).unwrap();
            let mut seen = HashSet::new();
            let mut ranks = HashSet::new();
            let mut todo = vec![rules.start()];
            while let Some(s) = todo.pop() {
                if !seen.insert(s.kept) {
                    continue;
                }
                assert!(ranks.insert(s.rank), "rank {} twice", s.rank);
                // The number carried along equals the number computed from scratch.
                let fresh = ids(s.kept).fold(0, |r, u| r + rules.weight[u as usize]);
                assert_eq!(s.rank, fresh);
                rules.successors(s, &mut todo);
            }
            let n = rules.numbers().unwrap();
            assert_eq!(seen.len() as u64, n, "{parents:?}");
            assert!(ranks.iter().all(|&r| r < n));
        }
    }
}
