//! `hackenbush` on small sums (at most [`TINY_SUM`] edges, 64 vertices): the plain rules
//! of [`crate::hackenbush`], a state's edge mask its own index in a table of 2^edges
//! bytes, and each graph's moves found once per set of its own edges.
//!
//! A sum of small graphs has few states, so setting up the tables of [`crate::blocks`]
//! costs more than its search saves. Here there is nothing to set up: the state is the
//! mask of kept edges (its own number, so values go to a [`Dense`](crate::dense::Dense)
//! table with no numbering), and its moves come from the depth-first search of
//! [`HackenbushRules`]. The graphs of a sum share no vertex, so cutting an edge of one
//! graph changes only that graph's edges: the moves of a state are, graph by graph, the
//! moves of that graph's own edge set with the other graphs' edges left as they are.
//! When a sum has several graphs, each graph's moves are kept by its own edge set, so a
//! graph's depth-first search runs once per edge set of that graph instead of once per
//! state of the whole sum. This is connectivity, not game theory: the values are still
//! the search's mex over the whole sum's states, and the tests compare the moves with
//! the flood fill of [`HackenbushRules::cut`].

use crate::hackenbush::HackenbushRules;
use crate::search::Rules;
use grundy_games::HackenbushPos;
use std::cell::RefCell;

/// Most edges of a sum searched this way: its table has 2^edges one-byte entries.
pub const TINY_SUM: usize = 12;

/// Most vertices of such a sum (the depth-first search keeps them in one word).
const TINY_VERTICES: usize = 64;

const UNKNOWN: u32 = u32::MAX;

/// One graph of the sum: its edges are the bits `first..first + width` of a state.
struct Part {
    first: u32,
    field: u64,
    /// Where its edge sets' entries start in [`Kept::span`].
    base: u32,
}

/// The moves found so far, per graph and edge set of that graph.
struct Kept {
    /// `(start, end)` in `moves` of each graph's edge set; `UNKNOWN` start when not
    /// found yet.
    span: Vec<(u32, u32)>,
    /// The graph's part of each successor (its edges only, at their places in a state).
    moves: Vec<u64>,
    scratch: Vec<u64>,
}

/// The rules of a small `hackenbush` sum (see the module docs).
pub struct TinySum {
    plain: HackenbushRules<u64>,
    /// The graphs with edges; empty when there is only one (its moves are not kept).
    parts: Vec<Part>,
    kept: RefCell<Kept>,
}

impl TinySum {
    /// Rules for the position; `None` when it has more than [`TINY_SUM`] edges or more
    /// than 64 vertices.
    pub fn new(pos: &HackenbushPos) -> Option<TinySum> {
        let edges: usize = pos.graphs.iter().map(|g| g.edges.len()).sum();
        let vertices: usize = pos.graphs.iter().map(|g| g.n as usize).sum();
        if edges > TINY_SUM || vertices > TINY_VERTICES {
            return None;
        }
        let plain = HackenbushRules::<u64>::new(pos)?;
        let mut parts = Vec::new();
        let (mut first, mut base) = (0u32, 0u32);
        for g in &pos.graphs {
            let width = g.edges.len() as u32;
            if width > 0 {
                parts.push(Part {
                    first,
                    field: ((1u64 << width) - 1) << first,
                    base,
                });
                base += 1 << width;
            }
            first += width;
        }
        if parts.len() < 2 {
            parts.clear();
            base = 0;
        }
        Some(TinySum {
            plain,
            parts,
            kept: RefCell::new(Kept {
                span: vec![(UNKNOWN, 0); base as usize],
                moves: Vec::with_capacity(4 * edges),
                scratch: Vec::with_capacity(edges),
            }),
        })
    }

    /// A bound on the states' numbers: every edge mask is one (the same contract as
    /// [`crate::blocks::BlockRules::numbers`], always known here).
    pub fn numbers(&self) -> Option<u64> {
        Some(1 << self.plain.names.len())
    }
}

impl crate::hackenbush::OnPlain<u64> for TinySum {
    fn plain(&self) -> &HackenbushRules<u64> {
        &self.plain
    }
}

impl Rules for TinySum {
    type State = u64;
    #[inline]
    fn successors(&self, s: u64, out: &mut Vec<u64>) {
        if self.parts.is_empty() {
            return self.plain.successors(s, out);
        }
        let mut kept = self.kept.borrow_mut();
        let Kept {
            span,
            moves,
            scratch,
        } = &mut *kept;
        for p in &self.parts {
            let own = s & p.field;
            if own == 0 {
                continue;
            }
            let slot = (p.base + (own >> p.first) as u32) as usize;
            if span[slot].0 == UNKNOWN {
                scratch.clear();
                self.plain.successors(own, scratch);
                let start = moves.len() as u32;
                moves.extend_from_slice(scratch);
                span[slot] = (start, moves.len() as u32);
            }
            let (start, end) = span[slot];
            let rest = s & !p.field;
            out.extend(
                moves[start as usize..end as usize]
                    .iter()
                    .map(|&t| rest | t),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mask::ids;
    use grundy_games::Graph;

    /// The kept moves equal the flood fill's, state by state, on many small sums (each
    /// state's moves asked twice, so the second answer comes from what was kept).
    #[test]
    fn kept_moves_agree_with_the_flood_fill() {
        let mut sums = 0;
        for pos in crate::hackenbush::random_sums(2000, 7, 4, 5, 5) {
            let Some(rules) = TinySum::new(&pos) else {
                continue;
            };
            sums += usize::from(!rules.parts.is_empty());
            let mut states = vec![rules.plain.start()];
            let mut seen = std::collections::HashSet::new();
            while let Some(s) = states.pop() {
                if !seen.insert(s) {
                    continue;
                }
                let mut slow: Vec<u64> = ids(s).map(|e| rules.plain.cut(s, e)).collect();
                slow.sort_unstable();
                for _ in 0..2 {
                    let mut fast = Vec::new();
                    rules.successors(s, &mut fast);
                    fast.sort_unstable();
                    assert_eq!(fast, slow, "{pos:?}, state {s:b}");
                }
                states.extend(slow);
            }
        }
        assert!(sums > 500, "only {sums} sums of several graphs");
    }

    #[test]
    fn big_sums_are_refused() {
        let chain = |n: u32| Graph {
            n,
            edges: (1..n).map(|v| (v - 1, v)).collect(),
        };
        assert!(TinySum::new(&HackenbushPos {
            graphs: vec![chain(13)]
        })
        .is_some());
        assert!(TinySum::new(&HackenbushPos {
            graphs: vec![chain(14)]
        })
        .is_none());
        assert!(TinySum::new(&HackenbushPos {
            graphs: vec![Graph {
                n: 65,
                edges: vec![(0, 1)]
            }]
        })
        .is_none());
    }
}
