//! `cut` from the rules: a state is the set of edges still attached, each edge named by its
//! child vertex; cutting edge c removes c's whole subtree (precomputed as a mask), which is
//! exactly "everything no longer connected to the root falls".

use crate::mask::{ids, Mask};
use crate::search::Rules;
use grundy_games::Tree;

/// The rules of `cut` on one tree with at most `M::BITS` vertices.
pub struct CutRules<M: Mask> {
    /// `below[c]`: c and every vertex under it.
    below: Vec<M>,
}

impl<M: Mask> CutRules<M> {
    /// Rules for `tree`; `None` when it has more than `M::BITS` vertices.
    pub fn new(tree: &Tree) -> Option<CutRules<M>> {
        if tree.len() > M::BITS as usize {
            return None;
        }
        let mut below = vec![M::default(); tree.len()];
        // Walk up from every vertex, marking it in each ancestor: O(n · depth), fine for
        // the oracle's sizes and obviously right.
        for v in 0..tree.len() as u32 {
            let mut u = Some(v);
            while let Some(x) = u {
                below[x as usize] = below[x as usize] | M::bit(v);
                u = tree.parent(x);
            }
        }
        Some(CutRules { below })
    }

    /// The starting state: every edge present.
    pub fn start(&self) -> M {
        self.below[0] & !M::bit(0)
    }

    /// The state after cutting the edge above `c`.
    pub fn cut(&self, s: M, c: u32) -> M {
        s & !self.below[c as usize]
    }
}

impl<M: Mask> Rules for CutRules<M> {
    type State = M;
    #[inline]
    fn successors(&self, s: M, out: &mut Vec<M>) {
        for c in ids(s) {
            out.push(self.cut(s, c));
        }
    }
}
