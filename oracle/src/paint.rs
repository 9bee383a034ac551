//! `paint` from the rules: a state is the set of white vertices; picking white u paints u
//! and every ancestor black (one AND with u's precomputed path mask).

use crate::mask::{ids, Mask};
use crate::search::Rules;
use crate::search::{OracleError, Search};
use crate::{Budget, Play, Report};
use grundy_games::PaintAnswer;
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

fn paint_answer<M: Mask>(
    pos: &PaintPos,
    play: Play,
    budget: Budget,
) -> Result<Report<PaintAnswer>, OracleError> {
    let rules = crate::paint::PaintRules::<M>::new(pos).expect("size checked");
    let start = crate::paint::PaintRules::<M>::start(pos);
    let mut s = Search::new(rules, play, budget.max_states);
    let value = s.value(start)?;
    let mut winning = Vec::new();
    if play == Play::Normal {
        for u in crate::mask::ids(start) {
            let next = s.rules().paint(start, u);
            if s.value(next)? == 0 {
                winning.push(u);
            }
        }
    }
    Ok(Report {
        answer: PaintAnswer {
            value: u64::from(value),
            winning,
        },
        states: s.states(),
    })
}

impl crate::Exhaustive for grundy_games::kind::Paint {
    fn solve(p: &PaintPos, budget: Budget) -> Result<Report<PaintAnswer>, OracleError> {
        with_mask!(p.tree.len(), "vertices", M => paint_answer::<M>(p, Play::Normal, budget))
    }

    fn misere(p: &PaintPos, budget: Budget) -> Result<Vec<bool>, OracleError> {
        let r =
            with_mask!(p.tree.len(), "vertices", M => paint_answer::<M>(p, Play::Misere, budget))?;
        Ok(vec![r.answer.value == 1])
    }
}
