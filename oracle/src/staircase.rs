//! `staircase` from the rules: a state is the stone count of every non-root vertex, packed
//! into 64 bits when they fit, else 128 (stones at the root are dead and dropped); a move
//! carries 1..=L stones from a vertex to its parent. Every layout of the update sequence
//! is searched with the same memo.
//!
//! Counting, not game theory, bounds the states: stones only move up, so a vertex never
//! holds more than the stones its subtree held in some layout. When the product of those
//! bounds (plus one each) is small, every state also carries its mixed-radix number and
//! the values go to a [`Dense`](crate::dense::Dense) table of one byte per number: no
//! hashing, no stored keys.

use crate::dense::{Dense, Numbered};
use crate::memo::{Key, Table};
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

    /// Calls `f(v, p, k, t)` for every move of `s`, biggest first for each vertex: `k`
    /// stones from `v` to its parent `p`, `t` the state after it.
    #[inline(always)]
    fn moves(&self, s: W, mut f: impl FnMut(u32, u32, u64, W)) {
        for v in 1..self.parent.len() as u32 {
            let here = self.get(s, v);
            if here == 0 {
                continue;
            }
            let p = self.parent[v as usize];
            // Biggest moves first: the search then reaches small layouts (and memoizes
            // them) before it walks down long chains of one-stone moves. Each next move
            // is the last with one stone fewer moved.
            let most = here.min(self.cap);
            let mut t = self.sub(s, v, most);
            if p != 0 {
                t = self.add(t, p, most);
            }
            for k in (1..=most).rev() {
                f(v, p, k, t);
                t = self.add(t, v, 1);
                if p != 0 {
                    t = self.sub(t, p, 1);
                }
            }
        }
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
        self.moves(s, |_, _, _, t| out.push(t));
    }
}

/// Dense tables up to this many bytes: zeroing one costs less than hashing the few
/// hundred states of a small layout.
const DENSE_NUMBERS: u128 = 1 << 16;

/// Work allowed to bound the vertices' stones (vertices times layouts, or path steps).
const BOUND_WORK: usize = 1 << 20;

/// [`StaircaseRules`] whose states carry their number, for a dense table: the stone
/// counts c_v in mixed radix, Σ c_v·w_v.
pub struct CountedRules<W> {
    rules: StaircaseRules<W>,
    /// The weight of each vertex's count (0 for the root, whose stones are dropped).
    weight: Vec<u64>,
}

/// The weight of each vertex's count in a state's number, and a bound on the numbers,
/// when every state of every layout is numbered below [`DENSE_NUMBERS`].
fn weights(pos: &StaircasePos) -> Option<(Vec<u64>, u64)> {
    let most = most_stones(pos)?;
    let mut weight = vec![0u64; most.len()];
    let mut numbers: u128 = 1;
    for v in 1..most.len() {
        weight[v] = numbers as u64;
        numbers = numbers.checked_mul(u128::from(most[v]) + 1)?;
        if numbers > DENSE_NUMBERS {
            return None;
        }
    }
    Some((weight, numbers as u64))
}

impl<W: Packed> CountedRules<W> {
    /// A stone vector (index 0, the root, ignored) packed and numbered.
    pub fn pack(&self, stones: &[u64]) -> Numbered<W> {
        let rank = (1..stones.len()).map(|v| stones[v] * self.weight[v]).sum();
        Numbered {
            kept: self.rules.pack(stones),
            rank,
        }
    }
}

impl<W: Packed> Rules for CountedRules<W> {
    type State = Numbered<W>;

    fn successors(&self, s: Numbered<W>, out: &mut Vec<Numbered<W>>) {
        self.rules.moves(s.kept, |v, p, k, t| {
            out.push(Numbered {
                kept: t,
                rank: s.rank - k * self.weight[v as usize] + k * self.weight[p as usize],
            })
        });
    }
}

/// The most stones each vertex can hold in any state of any layout: the most its subtree
/// holds in a layout (stones only move up); `None` when finding out costs too much.
fn most_stones(pos: &StaircasePos) -> Option<Vec<u64>> {
    // No sum overflows: every layout's total fits in 64 bits ([`StaircaseRules::new`]).
    let n = pos.tree.len();
    let parent = pos.tree.parents();
    let mut under = pos.stones.clone();
    under[0] = 0;
    for &v in pos.tree.order().iter().rev() {
        if v != 0 {
            under[parent[v as usize] as usize] += under[v as usize];
        }
    }
    let mut most = under.clone();
    let mut stones = pos.stones.clone();
    let mut work = n;
    for &(a, b) in &pos.updates {
        let (old, new) = (stones[a as usize], b);
        stones[a as usize] = b;
        // The update changes the subtree totals on the path from `a` up to the root.
        let mut v = a;
        while v != 0 {
            work += 1;
            if work > BOUND_WORK {
                return None;
            }
            under[v as usize] = under[v as usize] - old + new;
            most[v as usize] = most[v as usize].max(under[v as usize]);
            v = parent[v as usize];
        }
    }
    Some(most)
}

fn staircase_answer(
    pos: &StaircasePos,
    play: Play,
    budget: Budget,
) -> Result<Report<StaircaseAnswer>, OracleError> {
    // 64-bit states when the layouts fit (a smaller memo, cheaper hashing), else 128.
    match StaircaseRules::<u64>::new(pos) {
        Some(rules) => staircase_search(rules, pos, play, budget),
        None => {
            let rules = StaircaseRules::<u128>::new(pos).ok_or_else(|| {
                OracleError::TooWide(
                    "too many stones or vertices to pack into 128 bits, or over a million moves per position".into(),
                )
            })?;
            staircase_search(rules, pos, play, budget)
        }
    }
}

/// The stone vector of every layout (the initial one, then after each update), the root's
/// stones dropped.
fn layouts(pos: &StaircasePos) -> impl Iterator<Item = Vec<u64>> + '_ {
    let mut layout = pos.stones.clone();
    layout[0] = 0;
    std::iter::once(layout.clone()).chain(pos.updates.iter().map(move |&(a, b)| {
        layout[a as usize] = b;
        layout.clone()
    }))
}

fn staircase_search<W: Packed>(
    rules: StaircaseRules<W>,
    pos: &StaircasePos,
    play: Play,
    budget: Budget,
) -> Result<Report<StaircaseAnswer>, OracleError> {
    let limit = budget.max_states;
    match weights(pos).filter(|&(_, n)| budget.dense && n <= limit as u64) {
        Some((weight, numbers)) => {
            let counted = CountedRules { rules, weight };
            let starts = layouts(pos).map(|l| counted.pack(&l)).collect();
            // Without the memory for the table, the hash memo (which grows as it goes).
            match Dense::try_new(numbers as usize) {
                Some(table) => values_of(Search::with_table(counted, play, limit, table), starts),
                None => values_of(Search::new(counted, play, limit), starts),
            }
        }
        None => {
            let starts = layouts(pos).map(|l| rules.pack(&l)).collect();
            values_of(Search::new(rules, play, limit), starts)
        }
    }
}

/// The value of every start, in order, by one search (one memo).
fn values_of<R: Rules, T: Table<R::State>>(
    mut s: Search<R, T>,
    starts: Vec<R::State>,
) -> Result<Report<StaircaseAnswer>, OracleError> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_games::Tree;
    use std::collections::HashSet;

    /// Every state reachable from every layout carries the number computed from scratch,
    /// below the bound, each vertex within its bound (so distinct states have distinct
    /// numbers).
    #[test]
    fn numbers_are_exact_and_within_the_bound() {
        let cases = [
            (
                vec![u32::MAX, 0, 1, 2],
                vec![0, 3, 2, 4],
                2,
                vec![(3, 1), (1, 5)],
            ),
            (
                vec![u32::MAX, 0, 0, 1, 1],
                vec![0, 1, 0, 2, 3],
                3,
                vec![(2, 4)],
            ),
            (vec![u32::MAX, 0, 1], vec![0, 20, 24], 7, vec![]),
            (
                vec![u32::MAX, 0, 0, 0],
                vec![0, 2, 2, 2],
                1,
                vec![(1, 0), (1, 3)],
            ),
        ];
        for (parents, stones, cap, updates) in cases {
            let pos = StaircasePos {
                tree: Tree::from_parents(&parents).unwrap(),
                stones,
                cap,
                updates,
            };
            let most = most_stones(&pos).unwrap();
            let (weight, numbers) = weights(&pos).expect("a small layout");
            let rules = CountedRules {
                rules: StaircaseRules::<u64>::new(&pos).unwrap(),
                weight,
            };
            let mut seen = HashSet::new();
            let mut todo: Vec<_> = layouts(&pos).map(|l| rules.pack(&l)).collect();
            while let Some(s) = todo.pop() {
                if !seen.insert(s.kept) {
                    continue;
                }
                let mut fresh = 0;
                for v in 1..parents.len() as u32 {
                    let c = rules.rules.get(s.kept, v);
                    assert!(c <= most[v as usize], "vertex {v} holds {c}");
                    fresh += c * rules.weight[v as usize];
                }
                assert_eq!(s.rank, fresh);
                assert!(s.rank < numbers);
                rules.successors(s, &mut todo);
            }
        }
    }
}
