//! `hackenbush` from the rules: the edges of all graphs of the sum form one state (a single
//! mask over every edge), so the sum is searched as one game. Cutting an edge is applied
//! literally: remove it, flood-fill from every root over the remaining edges, and drop
//! every edge the fill did not reach.

use crate::mask::{ids, Mask};
use crate::search::Rules;
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

impl<M: Mask> Rules for HackenbushRules<M> {
    type State = M;
    #[inline]
    fn successors(&self, s: M, out: &mut Vec<M>) {
        for e in ids(s) {
            out.push(self.cut(s, e));
        }
    }
}
