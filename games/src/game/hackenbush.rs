//! `hackenbush` in the model: Green Hackenbush on a sum of rooted multigraphs; its
//! position, its answer, and its native format (`docs/SPEC.md` §3).

use crate::error::{ErrorKind, InputError, Result};
use crate::graph::Graph;
use crate::kind::Model;
use crate::limits::Limits;
use crate::native::*;
use crate::scan::Scanner;
use std::fmt::Write as _;

/// A sum of rooted multigraphs for Green Hackenbush.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HackenbushPos {
    /// The graphs, each rooted at its vertex 0.
    pub graphs: Vec<Graph>,
}

/// Answer to a `hackenbush` position.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct HackenbushAnswer {
    /// Grundy value of the sum.
    pub value: u64,
    /// Winning moves `(graph, edge)`, 0-based in input order; ascending.
    pub moves: Vec<(u32, u32)>,
}

impl HackenbushPos {
    /// Every legal move `(graph, edge)`: the edges connected to their graph's root.
    pub fn legal_moves(&self) -> Vec<(u32, u32)> {
        let mut moves = Vec::new();
        for (i, g) in self.graphs.iter().enumerate() {
            if g.n == 0 {
                continue;
            }
            let reached = g.cycle_cover().reached;
            for (j, &(a, _)) in g.edges.iter().enumerate() {
                if reached[a as usize] {
                    moves.push((i as u32, j as u32));
                }
            }
        }
        moves
    }

    /// The position after cutting edge `j` of graph `i` (what falls off stays listed but
    /// is no longer connected to the root, which is the same position).
    pub fn after(&self, i: u32, j: u32) -> HackenbushPos {
        let mut graphs = self.graphs.clone();
        graphs[i as usize].edges.remove(j as usize);
        HackenbushPos { graphs }
    }
}

impl Model for crate::kind::Hackenbush {
    fn size(p: &HackenbushPos) -> usize {
        p.graphs.iter().map(|g| g.edges.len()).sum()
    }

    fn vertices(p: &HackenbushPos) -> usize {
        p.graphs.iter().map(|g| g.n as usize).sum()
    }

    fn value(a: &HackenbushAnswer) -> u64 {
        a.value
    }

    fn read(s: &mut Scanner, lim: &Limits) -> Result<HackenbushPos> {
        read(s, lim)
    }

    fn write(out: &mut String, p: &HackenbushPos) {
        let _ = writeln!(out, "{}", p.graphs.len());
        for g in &p.graphs {
            let _ = writeln!(out, "{} {}", g.n, g.edges.len());
            for &(a, b) in &g.edges {
                let _ = writeln!(out, "{} {}", a + 1, b + 1);
            }
        }
    }

    fn write_answer(out: &mut Vec<u8>, a: &HackenbushAnswer) {
        push_u64(out, a.value);
        out.push(b'\n');
        push_pairs(out, &a.moves);
    }
}

/// `K`; per graph `n m` and m edges `a b`.
fn read(s: &mut Scanner, lim: &Limits) -> Result<HackenbushPos> {
    let k = count(s, "K (graphs)", lim.graphs)?;
    let mut graphs = Vec::with_capacity(capacity(s, k, 4));
    for gi in 1..=k {
        let header = s.line();
        let n = count(s, &format!("graph {gi}: vertex count"), lim.vertices)?;
        let m = count(s, &format!("graph {gi}: edge count"), lim.edges)?;
        let mut edges = Vec::with_capacity(capacity(s, m, 4));
        for j in 1..=m {
            let a = s.vertex(n as usize, || {
                format!("graph {gi}, edge {j}: first endpoint")
            })?;
            let b = s.vertex(n as usize, || {
                format!("graph {gi}, edge {j}: second endpoint")
            })?;
            edges.push((a, b));
        }
        let g = Graph { n: n as u32, edges };
        if lim.christmas {
            crate::christmas::validate(&g).map_err(|msg| {
                InputError::new(header, ErrorKind::Constraint, format!("graph {gi}: {msg}"))
            })?;
        }
        graphs.push(g);
    }
    Ok(HackenbushPos { graphs })
}
