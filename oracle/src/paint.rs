//! `paint` from the rules: a state is the set of white vertices; picking white u paints u
//! and every ancestor black (one AND with u's precomputed path mask).

use crate::mask::{ids, Mask};
use crate::search::Rules;
use grundy_games::PaintPos;

/// The rules of `paint` on one tree with at most `M::BITS` vertices.
pub struct PaintRules<M: Mask> {
    path: Vec<M>,
}

impl<M: Mask> PaintRules<M> {
    /// Rules for the position's tree; `None` when it is too large for `M`.
    pub fn new(pos: &PaintPos) -> Option<PaintRules<M>> {
        let tree = &pos.tree;
        if tree.len() > M::BITS as usize {
            return None;
        }
        let path = (0..tree.len() as u32)
            .map(|v| {
                let mut m = M::default();
                let mut u = Some(v);
                while let Some(x) = u {
                    m = m | M::bit(x);
                    u = tree.parent(x);
                }
                m
            })
            .collect();
        Some(PaintRules { path })
    }

    /// The starting state: the white vertices of the position.
    pub fn start(pos: &PaintPos) -> M {
        pos.white
            .iter()
            .enumerate()
            .filter(|(_, &w)| w)
            .fold(M::default(), |m, (v, _)| m | M::bit(v as u32))
    }

    /// The state after picking white vertex `u`.
    pub fn paint(&self, s: M, u: u32) -> M {
        s & !self.path[u as usize]
    }
}

impl<M: Mask> Rules for PaintRules<M> {
    type State = M;
    #[inline]
    fn successors(&self, s: M, out: &mut Vec<M>) {
        for u in ids(s) {
            out.push(self.paint(s, u));
        }
    }
}
