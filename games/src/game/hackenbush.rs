//! `hackenbush` in the model: Green Hackenbush on a sum of rooted multigraphs; its
//! position, its answer, and its native format (`docs/SPEC.md` §3).

use crate::board::{bits, Board, Move, NotPlayable, OnBoard, Playable};
use crate::error::{ErrorKind, InputError, Result};
use crate::graph::Graph;
use crate::input_bounds::InputBounds;
use crate::kind::Model;
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

/// A bounded, always valid position for the fuzz targets (feature `arbitrary`).
#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for HackenbushPos {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let k = u.int_in_range(1..=3usize)?;
        let mut graphs = Vec::with_capacity(k);
        let mut budget = 12usize;
        for _ in 0..k {
            let n = u.int_in_range(1..=5u32)?;
            let m = u.int_in_range(0..=budget.min(6))?;
            budget -= m;
            let edges = (0..m)
                .map(|_| Ok((u.int_in_range(0..=n - 1)?, u.int_in_range(0..=n - 1)?)))
                .collect::<arbitrary::Result<_>>()?;
            graphs.push(Graph { n, edges });
        }
        Ok(HackenbushPos { graphs })
    }
}

/// A `hackenbush` game in play.
#[derive(Clone, Debug)]
pub struct HackenbushBoard {
    graphs: Vec<Graph>,
    /// `present[i][j]`: edge j of graph i is still there and reaches the ground.
    present: Vec<Vec<bool>>,
}

impl Playable for crate::kind::Hackenbush {
    type State = HackenbushBoard;

    fn start(p: &HackenbushPos) -> HackenbushBoard {
        let mut present: Vec<Vec<bool>> =
            p.graphs.iter().map(|g| vec![true; g.edges.len()]).collect();
        for (g, pr) in p.graphs.iter().zip(&mut present) {
            drop_fallen(g, pr);
        }
        HackenbushBoard {
            graphs: p.graphs.clone(),
            present,
        }
    }

    fn moves(s: &HackenbushBoard) -> Vec<Move> {
        s.present
            .iter()
            .enumerate()
            .flat_map(|(i, p)| {
                p.iter()
                    .enumerate()
                    .filter(|(_, &here)| here)
                    .map(move |(j, _)| Move::Two(i as u32, j as u32))
            })
            .collect()
    }

    fn is_legal(s: &HackenbushBoard, m: Move) -> bool {
        let Move::Two(i, j) = m else { return false };
        s.present
            .get(i as usize)
            .and_then(|p| p.get(j as usize))
            .copied()
            .unwrap_or(false)
    }

    fn play(s: &mut HackenbushBoard, m: Move) {
        let Move::Two(i, j) = m else { return };
        let p = &mut s.present[i as usize];
        p[j as usize] = false;
        drop_fallen(&s.graphs[i as usize], p);
    }

    fn longest(s: &HackenbushBoard) -> u64 {
        s.present.iter().flatten().filter(|&&p| p).count() as u64
    }

    fn key(s: &HackenbushBoard) -> Vec<u64> {
        bits(s.present.iter().flatten())
    }

    /// The edges still there, per graph in input order.
    fn view(s: &HackenbushBoard) -> (HackenbushPos, Vec<Vec<u32>>) {
        let mut back = Vec::new();
        let graphs = s
            .graphs
            .iter()
            .zip(&s.present)
            .map(|(g, p)| {
                let kept: Vec<u32> = (0..g.edges.len() as u32)
                    .filter(|&j| p[j as usize])
                    .collect();
                let edges = kept.iter().map(|&j| g.edges[j as usize]).collect();
                back.push(kept);
                Graph { n: g.n, edges }
            })
            .collect();
        (HackenbushPos { graphs }, back)
    }

    fn winning(back: &[Vec<u32>], a: &HackenbushAnswer) -> Vec<Move> {
        a.moves
            .iter()
            .map(|&(i, j)| Move::Two(i, back[i as usize][j as usize]))
            .collect()
    }
}

/// Marks absent every edge of `g` that no longer reaches vertex 0 through present edges.
fn drop_fallen(g: &Graph, present: &mut [bool]) {
    let n = g.n as usize;
    let mut adj: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (j, &(a, b)) in g.edges.iter().enumerate() {
        if present[j] {
            adj[a as usize].push(j as u32);
            if a != b {
                adj[b as usize].push(j as u32);
            }
        }
    }
    let mut reached = vec![false; n];
    let mut stack = Vec::new();
    if n > 0 {
        reached[0] = true;
        stack.push(0u32);
    }
    while let Some(v) = stack.pop() {
        for &j in &adj[v as usize] {
            let (a, b) = g.edges[j as usize];
            let w = if a == v { b } else { a };
            if !reached[w as usize] {
                reached[w as usize] = true;
                stack.push(w);
            }
        }
    }
    for (j, &(a, _)) in g.edges.iter().enumerate() {
        if !reached[a as usize] {
            present[j] = false;
        }
    }
}

impl OnBoard for crate::kind::Hackenbush {
    fn board(p: &HackenbushPos) -> std::result::Result<Board, NotPlayable> {
        Ok(Board::of::<Self>(p))
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

    fn read(s: &mut Scanner, lim: &InputBounds) -> Result<HackenbushPos> {
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
fn read(s: &mut Scanner, lim: &InputBounds) -> Result<HackenbushPos> {
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
