//! `staircase` from the rules: a state is the stone count of every non-root vertex, packed
//! into 64 bits when they fit, else 128 (stones at the root are dead and dropped); a move
//! carries 1..=L stones from a vertex to its parent. Every layout of the update sequence
//! is searched with the same memo.

use crate::memo::Key;
use crate::search::Rules;
use crate::search::{OracleError, Search};
use crate::{Budget, Play, Report};
use grundy_games::StaircaseAnswer;
use grundy_games::StaircasePos;
use std::marker::PhantomData;

/// A word the stone counts are packed into (`u64`, `u128`).
pub trait Packed: Key {
    /// Bits in the word.
    const BITS: u32;
    /// The `width` bits from `shift` on.
    fn field(self, shift: u32, width: u32) -> u64;
    /// Adds `k` at `shift` (no carry past the field: the caller keeps it in range).
    fn plus(self, k: u64, shift: u32) -> Self;
    /// Subtracts `k` at `shift`.
    fn minus(self, k: u64, shift: u32) -> Self;
}

impl Packed for u64 {
    const BITS: u32 = 64;
    fn field(self, shift: u32, width: u32) -> u64 {
        (self >> shift) & (u64::MAX >> (64 - width))
    }
    fn plus(self, k: u64, shift: u32) -> Self {
        self + (k << shift)
    }
    fn minus(self, k: u64, shift: u32) -> Self {
        self - (k << shift)
    }
}

impl Packed for u128 {
    const BITS: u32 = 128;
    fn field(self, shift: u32, width: u32) -> u64 {
        ((self >> shift) & ((1u128 << width) - 1)) as u64
    }
    fn plus(self, k: u64, shift: u32) -> Self {
        self + (u128::from(k) << shift)
    }
    fn minus(self, k: u64, shift: u32) -> Self {
        self - (u128::from(k) << shift)
    }
}

/// The most moves one position may have (beyond it the oracle refuses the layout).
const MAX_MOVES: u128 = 1 << 20;

/// The rules of `staircase` on one tree with one cap, its states packed into `W`.
pub struct StaircaseRules<W = u128> {
    parent: Vec<u32>,
    cap: u64,
    width: u32,
    word: PhantomData<W>,
}

impl<W: Packed> StaircaseRules<W> {
    /// Rules for the position; `None` when its layouts do not fit in `W`.
    pub fn new(pos: &StaircasePos) -> Option<StaircaseRules<W>> {
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
        if width > 64 || slots * width > W::BITS {
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
            word: PhantomData,
        })
    }

    fn get(&self, s: W, v: u32) -> u64 {
        s.field((v - 1) * self.width, self.width)
    }

    fn add(&self, s: W, v: u32, k: u64) -> W {
        s.plus(k, (v - 1) * self.width)
    }

    fn sub(&self, s: W, v: u32, k: u64) -> W {
        s.minus(k, (v - 1) * self.width)
    }

    /// Packs a stone vector (index 0, the root, is ignored).
    pub fn pack(&self, stones: &[u64]) -> W {
        (1..stones.len() as u32).fold(W::default(), |s, v| self.add(s, v, stones[v as usize]))
    }
}

impl<W: Packed> Rules for StaircaseRules<W> {
    type State = W;

    fn successors(&self, s: W, out: &mut Vec<W>) {
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

fn staircase_answer(
    pos: &StaircasePos,
    play: Play,
    budget: Budget,
) -> Result<Report<StaircaseAnswer>, OracleError> {
    // 64-bit states when the layouts fit (a smaller memo, cheaper hashing), else 128.
    match crate::staircase::StaircaseRules::<u64>::new(pos) {
        Some(rules) => staircase_search(rules, pos, play, budget),
        None => {
            let rules = crate::staircase::StaircaseRules::<u128>::new(pos).ok_or_else(|| {
                OracleError::TooWide(
                    "too many stones or vertices to pack into 128 bits, or over a million moves per position".into(),
                )
            })?;
            staircase_search(rules, pos, play, budget)
        }
    }
}

fn staircase_search<W: crate::staircase::Packed>(
    rules: crate::staircase::StaircaseRules<W>,
    pos: &StaircasePos,
    play: Play,
    budget: Budget,
) -> Result<Report<StaircaseAnswer>, OracleError> {
    let mut layout = pos.stones.clone();
    layout[0] = 0;
    let mut starts = vec![rules.pack(&layout)];
    for &(a, b) in &pos.updates {
        layout[a as usize] = b;
        starts.push(rules.pack(&layout));
    }
    let mut s = Search::new(rules, play, budget.max_states);
    let values = starts
        .into_iter()
        .map(|st| s.value(st).map(u64::from))
        .collect::<Result<Vec<u64>, _>>()?;
    Ok(Report {
        answer: StaircaseAnswer { values },
        states: s.states(),
    })
}

impl crate::Exhaustive for grundy_games::kind::Staircase {
    fn solve(p: &StaircasePos, budget: Budget) -> Result<Report<StaircaseAnswer>, OracleError> {
        staircase_answer(p, Play::Normal, budget)
    }

    /// The initial layout first, then each update.
    fn misere(p: &StaircasePos, budget: Budget) -> Result<Vec<bool>, OracleError> {
        let values = staircase_answer(p, Play::Misere, budget)?.answer.values;
        Ok(values.into_iter().map(|v| v == 1).collect())
    }
}
