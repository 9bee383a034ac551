//! `chip` from the rules: a state is the multiset of chip vertices, kept sorted and packed
//! into 128 bits; a move takes one chip to a child of its vertex. All chips are one state:
//! the sum is never split.

use crate::search::Rules;
use crate::search::{OracleError, Search};
use crate::{Budget, Play, Report};
use grundy_games::ChipAnswer;
use grundy_games::ChipPos;

/// The rules of `chip` with the position's number of chips.
pub struct ChipRules {
    children: Vec<Vec<u32>>,
    chips: usize,
    width: u32,
}

impl ChipRules {
    /// Rules for the position; `None` when the chips do not fit in 128 bits.
    pub fn new(pos: &ChipPos) -> Option<ChipRules> {
        let n = pos.tree.len() as u32;
        let width = (32 - (n.max(2) - 1).leading_zeros()).max(1);
        if pos.chips.len() as u32 * width > 128 {
            return None;
        }
        Some(ChipRules {
            children: (0..n).map(|v| pos.tree.children(v).to_vec()).collect(),
            chips: pos.chips.len(),
            width,
        })
    }

    /// Packs a sorted chip list.
    pub fn pack(&self, sorted: &[u32]) -> u128 {
        sorted.iter().enumerate().fold(0u128, |s, (i, &v)| {
            s | u128::from(v) << (i as u32 * self.width)
        })
    }

    fn unpack(&self, s: u128, out: &mut [u32]) {
        let mask = (1u128 << self.width) - 1;
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = (s >> (i as u32 * self.width) & mask) as u32;
        }
    }

    /// The starting state.
    pub fn start(&self, pos: &ChipPos) -> u128 {
        let mut c = pos.chips.clone();
        c.sort_unstable();
        self.pack(&c)
    }

    /// The state after moving a chip from `v` to `w` (`v` must hold a chip).
    pub fn step(&self, s: u128, v: u32, w: u32) -> u128 {
        let mut a = vec![0u32; self.chips];
        self.unpack(s, &mut a);
        let i = a.iter().position(|&x| x == v).expect("a chip on v");
        a[i] = w;
        a.sort_unstable();
        self.pack(&a)
    }

    /// The children of `v`.
    pub fn children(&self, v: u32) -> &[u32] {
        &self.children[v as usize]
    }
}

impl Rules for ChipRules {
    type State = u128;
    fn successors(&self, s: u128, out: &mut Vec<u128>) {
        let mut a = [0u32; 128];
        let a = &mut a[..self.chips];
        self.unpack(s, a);
        for i in 0..a.len() {
            if i > 0 && a[i] == a[i - 1] {
                continue;
            }
            let v = a[i];
            for &w in &self.children[v as usize] {
                let mut b = [0u32; 128];
                let b = &mut b[..a.len()];
                b.copy_from_slice(a);
                b[i] = w;
                b.sort_unstable();
                out.push(self.pack(b));
            }
        }
    }
}

fn chip_answer(
    pos: &ChipPos,
    play: Play,
    budget: Budget,
) -> Result<Report<ChipAnswer>, OracleError> {
    let rules = crate::chip::ChipRules::new(pos)
        .ok_or_else(|| crate::macros::too_wide("chips on this tree", pos.chips.len(), 128))?;
    let start = rules.start(pos);
    let mut s = Search::new(rules, play, budget.max_states);
    let value = s.value(start)?;
    let mut moves = Vec::new();
    if play == Play::Normal {
        let mut from = pos.chips.clone();
        from.sort_unstable();
        from.dedup();
        for v in from {
            let children = s.rules().children(v).to_vec();
            for w in children {
                let next = s.rules().step(start, v, w);
                if s.value(next)? == 0 {
                    moves.push((v, w));
                }
            }
        }
        moves.sort_unstable();
    }
    Ok(Report {
        answer: ChipAnswer {
            value: u64::from(value),
            moves,
        },
        states: s.states(),
    })
}

impl crate::Exhaustive for grundy_games::kind::Chip {
    fn solve(p: &ChipPos, budget: Budget) -> Result<Report<ChipAnswer>, OracleError> {
        chip_answer(p, Play::Normal, budget)
    }

    fn misere(p: &ChipPos, budget: Budget) -> Result<Vec<bool>, OracleError> {
        Ok(vec![
            chip_answer(p, Play::Misere, budget)?.answer.value == 1,
        ])
    }
}
