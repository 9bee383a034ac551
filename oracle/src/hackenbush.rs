//! `hackenbush` from the rules: the edges of all graphs of the sum form one state (a single
//! mask over every edge), so the sum is searched as one game. Cutting an edge is applied
//! literally: remove it, flood-fill from every root over the remaining edges, and drop
//! every edge the fill did not reach.
//!
//! These are the plain rules; `hackenbush_answer` picks them, a small sum's
//! (`tiny`) or the blocks' (`blocks`) for a position and searches.

use crate::mask::{ids, Mask};
use crate::search::Rules;
use grundy_games::HackenbushPos;
use std::cell::RefCell;

/// The per-vertex scratch of [`HackenbushRules::successors_by_search`] (at most 64
/// vertices): discovery times, low points, parent edges, the edges hanging below, and the
/// search's path of (vertex, incident edges still to explore).
struct Dfs<M> {
    disc: [u8; 64],
    low: [u8; 64],
    parent_edge: [u8; 64],
    below: [M; 64],
    path: [(u8, M); 64],
}

/// A search scratch of zeros, made on the heap in place (a `Box::new` of the 1.7 KiB
/// struct built it on the stack and copied it: 320 instructions a campaign case). Its
/// contents are never read before written, so zeros are as good as any value.
fn zeroed_dfs<M: Mask>() -> Box<Dfs<M>> {
    let layout = std::alloc::Layout::new::<Dfs<M>>();
    // SAFETY: the layout has a non-zero size (64-entry arrays).
    let p = unsafe { std::alloc::alloc_zeroed(layout) } as *mut Dfs<M>;
    if p.is_null() {
        std::alloc::handle_alloc_error(layout);
    }
    // SAFETY: `p` is a block of the global allocator with `Dfs<M>`'s layout, as `Box`
    // expects. `Dfs` holds only arrays of `u8` and of masks, and masks are plain unsigned
    // integers (`Mask` is implemented for `u64` and `u128` only): its all-zero bytes are
    // a valid value of every field.
    unsafe { Box::from_raw(p) }
}

/// No parent edge (a root).
const NO_EDGE: u8 = u8::MAX;

struct Fill {
    stamp: Vec<u32>,
    generation: u32,
    queue: Vec<u32>,
}

/// The rules of a sum of rooted multigraphs with at most `M::BITS` edges in all.
pub struct HackenbushRules<M: Mask> {
    /// Per edge, its two ends xor-ed: the other end of `e` from `v` is `other[e] ^ v`.
    other: Vec<u32>,
    incident: Vec<M>,
    roots: Vec<u32>,
    /// `(graph, edge)` of every global edge id.
    pub names: Vec<(u32, u32)>,
    /// The flood fill's scratch (more than 64 vertices; sized at its first use).
    fill: RefCell<Fill>,
    /// The depth-first search's scratch (at most 64 vertices), boxed so that moving the
    /// rules does not copy it.
    dfs: RefCell<Box<Dfs<M>>>,
}

impl<M: Mask> HackenbushRules<M> {
    /// Rules for the position; `None` when it has more than `M::BITS` edges in all.
    pub fn new(pos: &HackenbushPos) -> Option<HackenbushRules<M>> {
        let edges: usize = pos.graphs.iter().map(|g| g.edges.len()).sum();
        if edges > M::BITS as usize {
            return None;
        }
        let vertices: usize = pos.graphs.iter().map(|g| g.n as usize).sum();
        let mut other = Vec::with_capacity(edges);
        let mut names = Vec::with_capacity(edges);
        let mut incident = vec![M::default(); vertices];
        let mut roots = Vec::with_capacity(pos.graphs.len());
        let mut offset = 0u32;
        for (gi, g) in pos.graphs.iter().enumerate() {
            if g.n > 0 {
                roots.push(offset);
            }
            for (ei, &(a, b)) in g.edges.iter().enumerate() {
                let id = other.len() as u32;
                let (a, b) = (a + offset, b + offset);
                other.push(a ^ b);
                names.push((gi as u32, ei as u32));
                incident[a as usize] = incident[a as usize] | M::bit(id);
                incident[b as usize] = incident[b as usize] | M::bit(id);
            }
            offset += g.n;
        }
        Some(HackenbushRules {
            other,
            incident,
            roots,
            names,
            fill: RefCell::new(Fill {
                stamp: Vec::new(),
                generation: 0,
                queue: Vec::new(),
            }),
            dfs: RefCell::new(zeroed_dfs()),
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
        if stamp.len() != self.incident.len() {
            *stamp = vec![0; self.incident.len()];
            *generation = 0;
        }
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
                let w = self.other[e as usize] ^ v;
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
                let w = self.other[e as usize] ^ v;
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
        let all = (0..self.names.len() as u32).fold(M::default(), |m, e| m | M::bit(e));
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
        self.moves_by_search(s, |_, t| out.push(t));
    }

    /// [`Self::successors_by_search`], each successor with the edge cut: `f(edge, state)`.
    #[inline(always)]
    fn moves_by_search(&self, s: M, mut f: impl FnMut(u32, M)) {
        // Every slot is written when its vertex is discovered (`seen`), before it is read,
        // so the scratch is reused from state to state without clearing.
        let mut guard = self.dfs.borrow_mut();
        let Dfs {
            disc,
            low,
            parent_edge,
            below,
            path,
        } = &mut **guard;
        let mut seen = 0u64;
        let mut bridges = M::default();
        let mut time = 0u8;
        for &r in &self.roots {
            let r = (r & 63) as usize;
            if (self.incident[r] & s).is_zero() {
                // Nothing hangs from this root: no move, nothing to search.
                continue;
            }
            seen |= 1 << r;
            disc[r] = time;
            low[r] = time;
            parent_edge[r] = NO_EDGE;
            below[r] = M::default();
            time = time.wrapping_add(1);
            // The vertex being explored and its incident edges still to look at stay in
            // registers; `path` keeps those of its ancestors.
            let (mut v, mut rest) = (r, self.incident[r] & s);
            let mut depth = 0;
            loop {
                if rest.is_zero() {
                    if depth == 0 {
                        break;
                    }
                    depth -= 1;
                    let hanging = below[v] | (self.incident[v] & s);
                    let (p, parent_rest) = path[depth];
                    let p = (p & 63) as usize;
                    low[p] = low[p].min(low[v]);
                    below[p] = below[p] | hanging;
                    if low[v] > disc[p] {
                        // A bridge: cutting it drops everything hanging below it.
                        let pe = u32::from(parent_edge[v]);
                        bridges = bridges | M::bit(pe);
                        f(pe, s & !hanging);
                    }
                    (v, rest) = (p, parent_rest);
                    continue;
                }
                let e = rest.lowest();
                rest = rest.without_lowest();
                if e == u32::from(parent_edge[v]) {
                    continue;
                }
                let w = (self.other[e as usize] ^ v as u32) as usize & 63;
                if seen >> w & 1 == 0 {
                    seen |= 1 << w;
                    disc[w] = time;
                    low[w] = time;
                    time = time.wrapping_add(1);
                    parent_edge[w] = e as u8;
                    below[w] = M::default();
                    path[depth & 63] = (v as u8, rest);
                    depth += 1;
                    (v, rest) = (w, self.incident[w] & s);
                } else {
                    low[v] = low[v].min(disc[w]);
                }
            }
        }
        // An edge on a cycle falls alone.
        for e in ids(s & !bridges) {
            f(e, s & !M::bit(e));
        }
    }

    /// Every move of `s`: the global edge cut and the state it leads to.
    pub fn moves(&self, s: M) -> Vec<(u32, M)> {
        let mut out = Vec::with_capacity(s.count() as usize);
        if self.incident.len() <= 64 {
            self.moves_by_search(s, |e, t| out.push((e, t)));
        } else {
            out.extend(ids(s).map(|e| (e, self.cut(s, e))));
        }
        out
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

/// Rules over the plain edge masks of [`HackenbushRules`], which name their moves.
pub(crate) trait OnPlain<M: Mask>: Rules<State = M> {
    /// The plain rules of the same position.
    fn plain(&self) -> &HackenbushRules<M>;
}

impl<M: Mask> OnPlain<M> for HackenbushRules<M> {
    fn plain(&self) -> &HackenbushRules<M> {
        self
    }
}

/// `count` random sums of 1 to `graphs` graphs, each of 1 to `vertices` vertices and
/// fewer than `edges` edges between random ends (loops, parallel edges and edges cut off
/// from the root included), from `seed`: the test positions of the `hackenbush` rules
/// (plain, by blocks, small sums).
#[cfg(test)]
pub(crate) fn random_sums(
    count: usize,
    seed: u64,
    graphs: u64,
    vertices: u64,
    edges: u64,
) -> Vec<HackenbushPos> {
    use grundy_games::Graph;
    let mut seed = seed;
    let mut next = |m: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % m
    };
    (0..count)
        .map(|_| {
            let k = 1 + next(graphs) as usize;
            HackenbushPos {
                graphs: (0..k)
                    .map(|_| {
                        let n = 1 + next(vertices) as u32;
                        let m = next(edges) as usize;
                        Graph {
                            n,
                            edges: (0..m)
                                .map(|_| (next(n as u64) as u32, next(n as u64) as u32))
                                .collect(),
                        }
                    })
                    .collect(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search-based successors equal the flood-fill ones on many small graphs.
    #[test]
    fn both_successor_paths_agree() {
        for pos in random_sums(3000, 1, 3, 5, 6) {
            let rules = HackenbushRules::<u64>::new(&pos).unwrap();
            let start = rules.start();
            let mut fast = Vec::new();
            rules.successors_by_search(start, &mut fast);
            let mut slow: Vec<u64> = ids(start).map(|e| rules.cut(start, e)).collect();
            fast.sort_unstable();
            slow.sort_unstable();
            assert_eq!(fast, slow);
            // Each move named by the search is the flood fill's cut of that edge.
            let moves = rules.moves(start);
            assert_eq!(moves.len(), start.count() as usize);
            for (e, next) in moves {
                assert_eq!(next, rules.cut(start, e));
            }
        }
    }
}
