//! `staircase` from the rules: a state is the stone count of every non-root vertex, packed
//! into 128 bits (stones at the root are dead and dropped); a move carries 1..=L stones
//! from a vertex to its parent. Every layout of the update sequence is searched with the
//! same memo.

use crate::search::Rules;
use grundy_games::StaircasePos;

/// The most moves one position may have (beyond it the oracle refuses the layout).
const MAX_MOVES: u128 = 1 << 20;

/// The rules of `staircase` on one tree with one cap.
pub struct StaircaseRules {
    parent: Vec<u32>,
    cap: u64,
    width: u32,
}

impl StaircaseRules {
    /// Rules for the position; `None` when its layouts do not fit in 128 bits.
    pub fn new(pos: &StaircasePos) -> Option<StaircaseRules> {
        let mut total: u128 = pos.stones[1..].iter().map(|&s| u128::from(s)).sum();
        let mut stones = pos.stones.clone();
        let mut most = total;
        for &(a, b) in &pos.updates {
            total = total - u128::from(stones[a as usize]) + u128::from(b);
            stones[a as usize] = b;
            most = most.max(total);
        }
        let width = (128 - most.leading_zeros()).max(1);
        let slots = pos.tree.len().saturating_sub(1) as u32;
        if width > 64 || slots * width > 128 {
            return None;
        }
        // Every position lists its moves at once: with L and the stones in the billions a
        // single position would have billions of moves. Such layouts are out of reach.
        let moves_per_position = u128::from(slots) * most.min(u128::from(pos.cap));
        if moves_per_position > MAX_MOVES {
            return None;
        }
        Some(StaircaseRules {
            parent: pos.tree.parents().to_vec(),
            cap: pos.cap,
            width,
        })
    }

    fn get(&self, s: u128, v: u32) -> u64 {
        (s >> ((v - 1) * self.width) & ((1u128 << self.width) - 1)) as u64
    }

    fn add(&self, s: u128, v: u32, k: u64) -> u128 {
        s + (u128::from(k) << ((v - 1) * self.width))
    }

    fn sub(&self, s: u128, v: u32, k: u64) -> u128 {
        s - (u128::from(k) << ((v - 1) * self.width))
    }

    /// Packs a stone vector (index 0, the root, is ignored).
    pub fn pack(&self, stones: &[u64]) -> u128 {
        (1..stones.len() as u32).fold(0, |s, v| self.add(s, v, stones[v as usize]))
    }
}

impl Rules for StaircaseRules {
    type State = u128;
    fn successors(&self, s: u128, out: &mut Vec<u128>) {
        for v in 1..self.parent.len() as u32 {
            let here = self.get(s, v);
            let p = self.parent[v as usize];
            // Biggest moves first: the search then reaches small layouts (and memoizes
            // them) before it walks down long chains of one-stone moves.
            for k in (1..=here.min(self.cap)).rev() {
                let t = self.sub(s, v, k);
                out.push(if p == 0 { t } else { self.add(t, p, k) });
            }
        }
    }
}
