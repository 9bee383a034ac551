//! `hackenbush` from the rules: the edges of all graphs of the sum form one state (a single
//! mask over every edge), so the sum is searched as one game. Cutting an edge is applied
//! literally: remove it, flood-fill from every root over the remaining edges, and drop
//! every edge the fill did not reach.

use crate::mask::{ids, Mask};
use crate::search::Rules;
use crate::search::{OracleError, Search};
use crate::{Budget, Play, Report};
use grundy_games::HackenbushAnswer;
use grundy_games::HackenbushPos;
use std::cell::RefCell;

struct Fill {
    stamp: Vec<u32>,
    generation: u32,
    queue: Vec<u32>,
}

/// The rules of a sum of rooted multigraphs with at most `M::BITS` edges in all.
pub struct HackenbushRules<M: Mask> {
    ends: Vec<(u32, u32)>,
    incident: Vec<M>,
    roots: Vec<u32>,
    /// `(graph, edge)` of every global edge id.
    pub names: Vec<(u32, u32)>,
    fill: RefCell<Fill>,
}

impl<M: Mask> HackenbushRules<M> {
    /// Rules for the position; `None` when it has more than `M::BITS` edges in all.
    pub fn new(pos: &HackenbushPos) -> Option<HackenbushRules<M>> {
        let edges: usize = pos.graphs.iter().map(|g| g.edges.len()).sum();
        if edges > M::BITS as usize {
            return None;
        }
        let vertices: usize = pos.graphs.iter().map(|g| g.n as usize).sum();
        let mut ends = Vec::with_capacity(edges);
        let mut names = Vec::with_capacity(edges);
        let mut incident = vec![M::default(); vertices];
        let mut roots = Vec::new();
        let mut offset = 0u32;
        for (gi, g) in pos.graphs.iter().enumerate() {
            if g.n > 0 {
                roots.push(offset);
            }
            for (ei, &(a, b)) in g.edges.iter().enumerate() {
                let id = ends.len() as u32;
                let (a, b) = (a + offset, b + offset);
                ends.push((a, b));
                names.push((gi as u32, ei as u32));
                incident[a as usize] = incident[a as usize] | M::bit(id);
                incident[b as usize] = incident[b as usize] | M::bit(id);
            }
            offset += g.n;
        }
        Some(HackenbushRules {
            ends,
            incident,
            roots,
            names,
            fill: RefCell::new(Fill {
                stamp: vec![0; vertices],
                generation: 0,
                queue: Vec::new(),
            }),
        })
    }

    /// Keeps only the edges of `present` still connected to a root.
    pub fn settle(&self, present: M) -> M {
        if self.incident.len() <= 64 {
            return self.settle_small(present);
        }
        let mut fill = self.fill.borrow_mut();
        let Fill {
            stamp,
            generation,
            queue,
        } = &mut *fill;
        *generation = generation.wrapping_add(1);
        if *generation == 0 {
            stamp.iter_mut().for_each(|s| *s = 0);
            *generation = 1;
        }
        let gen = *generation;
        queue.clear();
        for &r in &self.roots {
            stamp[r as usize] = gen;
            queue.push(r);
        }
        let mut keep = M::default();
        while let Some(v) = queue.pop() {
            let inc = self.incident[v as usize] & present;
            keep = keep | inc;
            for e in ids(inc) {
                let (a, b) = self.ends[e as usize];
                let w = if a == v { b } else { a };
                if stamp[w as usize] != gen {
                    stamp[w as usize] = gen;
                    queue.push(w);
                }
            }
        }
        keep
    }

    /// [`Self::settle`] for at most 64 vertices: the reached set is one word, so the
    /// flood fill needs no scratch memory at all.
    fn settle_small(&self, present: M) -> M {
        let mut reached = 0u64;
        let mut frontier = 0u64;
        for &r in &self.roots {
            reached |= 1 << r;
            frontier |= 1 << r;
        }
        let mut keep = M::default();
        while frontier != 0 {
            let v = frontier.trailing_zeros();
            frontier &= frontier - 1;
            let inc = self.incident[v as usize] & present;
            keep = keep | inc;
            for e in ids(inc) {
                let (a, b) = self.ends[e as usize];
                let w = a ^ b ^ v;
                if reached >> w & 1 == 0 {
                    reached |= 1 << w;
                    frontier |= 1 << w;
                }
            }
        }
        keep
    }

    /// The starting state: every edge connected to its root.
    pub fn start(&self) -> M {
        let all = (0..self.ends.len() as u32).fold(M::default(), |m, e| m | M::bit(e));
        self.settle(all)
    }

    /// The state after cutting global edge `e`.
    pub fn cut(&self, s: M, e: u32) -> M {
        self.settle(s & !M::bit(e))
    }
}

impl<M: Mask> HackenbushRules<M> {
    /// Every successor of `s` from one depth-first search instead of one flood fill per
    /// edge (at most 64 vertices): an edge on a cycle falls alone; cutting a bridge drops
    /// every edge hanging below it, which the search collects bottom-up. This is plain
    /// connectivity (which edges stay attached to the ground), no game theory; the
    /// flood-fill path ([`Self::cut`], used to name moves) is checked against it by every
    /// agreement test.
    fn successors_by_search(&self, s: M, out: &mut Vec<M>) {
        const UNSEEN: u8 = u8::MAX;
        let mut disc = [UNSEEN; 64];
        let mut low = [0u8; 64];
        let mut parent_edge = [u32::MAX; 64];
        let mut parent = [0u8; 64];
        let mut below = [M::default(); 64];
        let mut bridges = M::default();
        let mut cut_below: [(u32, M); 64] = [(u32::MAX, M::default()); 64];
        let mut cuts = 0;
        let mut time = 0u8;
        // Stack of (vertex, incident edges still to explore).
        let mut stack: Vec<(u32, M)> = Vec::with_capacity(16);
        for &r in &self.roots {
            disc[r as usize] = time;
            low[r as usize] = time;
            time += 1;
            stack.push((r, self.incident[r as usize] & s));
            while let Some(top) = stack.last_mut() {
                let (v, rest) = *top;
                if rest.is_zero() {
                    stack.pop();
                    below[v as usize] = below[v as usize] | (self.incident[v as usize] & s);
                    let pe = parent_edge[v as usize];
                    if pe != u32::MAX {
                        let p = parent[v as usize] as usize;
                        low[p] = low[p].min(low[v as usize]);
                        below[p] = below[p] | below[v as usize];
                        if low[v as usize] > disc[p] {
                            bridges = bridges | M::bit(pe);
                            cut_below[cuts] = (pe, below[v as usize]);
                            cuts += 1;
                        }
                    }
                    continue;
                }
                let e = rest.lowest();
                top.1 = rest.without_lowest();
                if e == parent_edge[v as usize] {
                    continue;
                }
                let (a, b) = self.ends[e as usize];
                let w = a ^ b ^ v;
                if disc[w as usize] == UNSEEN {
                    disc[w as usize] = time;
                    low[w as usize] = time;
                    time += 1;
                    parent_edge[w as usize] = e;
                    parent[w as usize] = v as u8;
                    stack.push((w, self.incident[w as usize] & s));
                } else {
                    low[v as usize] = low[v as usize].min(disc[w as usize]);
                }
            }
        }
        for e in ids(s & !bridges) {
            out.push(s & !M::bit(e));
        }
        for &(_, gone) in &cut_below[..cuts] {
            out.push(s & !gone);
        }
    }
}

impl<M: Mask> Rules for HackenbushRules<M> {
    type State = M;
    #[inline]
    fn successors(&self, s: M, out: &mut Vec<M>) {
        if self.incident.len() <= 64 {
            return self.successors_by_search(s, out);
        }
        for e in ids(s) {
            out.push(self.cut(s, e));
        }
    }
}

fn hackenbush_answer<M: Mask>(
    pos: &HackenbushPos,
    play: Play,
    budget: Budget,
) -> Result<Report<HackenbushAnswer>, OracleError> {
    let (value, mut moves, states) = if let Some(rules) = crate::blocks::BlockRules::<M>::new(pos) {
        let start = rules.start();
        with_numbered_search!(rules, play, budget, s => {
            let value = s.value(start)?;
            let mut moves = Vec::new();
            if play == Play::Normal {
                for (name, next) in s.rules().moves(start) {
                    if s.value(next)? == 0 {
                        moves.push(name);
                    }
                }
            }
            (value, moves, s.states())
        })
    } else {
        // A block too large for tables: one flood fill or search per state.
        let rules = crate::hackenbush::HackenbushRules::<M>::new(pos).expect("size checked");
        let start = rules.start();
        let mut s = Search::new(rules, play, budget.max_states);
        let value = s.value(start)?;
        let mut moves = Vec::new();
        if play == Play::Normal {
            for e in crate::mask::ids(start) {
                let next = s.rules().cut(start, e);
                if s.value(next)? == 0 {
                    moves.push(s.rules().names[e as usize]);
                }
            }
        }
        (value, moves, s.states())
    };
    moves.sort_unstable();
    Ok(Report {
        answer: HackenbushAnswer {
            value: u64::from(value),
            moves,
        },
        states,
    })
}

impl crate::Exhaustive for grundy_games::kind::Hackenbush {
    fn solve(p: &HackenbushPos, budget: Budget) -> Result<Report<HackenbushAnswer>, OracleError> {
        let edges = p.graphs.iter().map(|g| g.edges.len()).sum::<usize>();
        with_mask!(edges, "edges", M => hackenbush_answer::<M>(p, Play::Normal, budget))
    }

    fn misere(p: &HackenbushPos, budget: Budget) -> Result<Vec<bool>, OracleError> {
        let edges = p.graphs.iter().map(|g| g.edges.len()).sum::<usize>();
        let r = with_mask!(edges, "edges", M => hackenbush_answer::<M>(p, Play::Misere, budget))?;
        Ok(vec![r.answer.value == 1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_games::Graph;

    /// The search-based successors equal the flood-fill ones on many small graphs.
    #[test]
    fn both_successor_paths_agree() {
        let mut seed = 1u64;
        let mut next = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        for _ in 0..3000 {
            let k = 1 + next(3) as usize;
            let graphs: Vec<Graph> = (0..k)
                .map(|_| {
                    let n = 1 + next(5) as u32;
                    let m = next(6) as usize;
                    Graph {
                        n,
                        edges: (0..m)
                            .map(|_| (next(n as u64) as u32, next(n as u64) as u32))
                            .collect(),
                    }
                })
                .collect();
            let rules = HackenbushRules::<u64>::new(&HackenbushPos { graphs }).unwrap();
            let start = rules.start();
            let mut fast = Vec::new();
            rules.successors_by_search(start, &mut fast);
            let mut slow: Vec<u64> = ids(start).map(|e| rules.cut(start, e)).collect();
            fast.sort_unstable();
            slow.sort_unstable();
            assert_eq!(fast, slow);
        }
    }
}
