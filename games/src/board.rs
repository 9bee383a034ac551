//! A built-in game played move by move, as an interactive jury plays it: the legal moves
//! named as a contestant names them, a move applied, and the position that remains —
//! given to the engines in their own terms, with the way back to the original ids.
//!
//! A move is named with the original 1-based ids of the input, whatever was cut or painted
//! before (docs/SPEC.md §1; the README's "Interactive problems" lists the formats):
//!
//! | game | a move | its line |
//! |---|---|---|
//! | `cut` | cut the edge above vertex c (everything below it falls) | `c` |
//! | `paint` | paint the white vertex v and its path to the root | `v` |
//! | `chip` | move a chip from v to its child w | `v w` |
//! | `hackenbush` | delete edge j of graph i (input order; what no longer reaches the ground falls) | `i j` |
//!
//! `staircase` is not played here: a layout with its updates is a sequence of positions,
//! and a single move can carry up to 10^18 stones.
//!
//! Everything is iterative (a chain of 10^6 vertices is fine) and computes no value: the
//! values come from the engines, on [`Board::view`].

use crate::position::{Answer, ChipPos, CutPos, Game, HackenbushPos, PaintPos, Position};
use crate::{Graph, Tree};

/// A move, in the input's 0-based ids (printed 1-based by [`Move::label`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// `cut`: the edge above this vertex.
    Cut(u32),
    /// `paint`: this white vertex.
    Paint(u32),
    /// `chip`: a chip from the first vertex to its child, the second.
    Chip(u32, u32),
    /// `hackenbush`: graph, edge (input order).
    Hackenbush(u32, u32),
}

impl Move {
    /// The move as a line: 1-based ids separated by a space.
    pub fn label(&self) -> String {
        match *self {
            Move::Cut(v) | Move::Paint(v) => (v + 1).to_string(),
            Move::Chip(a, b) | Move::Hackenbush(a, b) => format!("{} {}", a + 1, b + 1),
        }
    }
}

/// A position in play.
#[derive(Clone, Debug)]
pub struct Board {
    kind: Kind,
}

#[derive(Clone, Debug)]
enum Kind {
    Cut {
        tree: Tree,
        alive: Vec<bool>,
        alive_count: usize,
    },
    Paint {
        tree: Tree,
        white: Vec<bool>,
    },
    Chip {
        tree: Tree,
        /// Sorted.
        chips: Vec<u32>,
        /// The longest path down from each vertex.
        height: Vec<u32>,
    },
    Hackenbush {
        graphs: Vec<Graph>,
        /// `present[i][j]`: edge j of graph i is still there and reaches the ground.
        present: Vec<Vec<bool>>,
    },
}

/// The position of a board in the engines' terms, and the way back to the board's ids.
#[derive(Clone, Debug)]
pub struct View {
    /// The position (for `cut` and `hackenbush`, renumbered: what fell is gone).
    pub position: Position,
    /// `cut`: the original id of each vertex of the view; `hackenbush`: per graph, the
    /// original index of each edge of the view. Empty for the other games (ids kept).
    back: Vec<Vec<u32>>,
}

impl View {
    /// The winning moves of an engine's answer on [`View::position`], in the board's ids,
    /// ascending.
    pub fn winning(&self, answer: &Answer) -> Vec<Move> {
        let mut out: Vec<Move> = match answer {
            Answer::Cut(a) => a
                .winning
                .iter()
                .map(|&c| Move::Cut(self.back[0][c as usize]))
                .collect(),
            Answer::Paint(a) => a.winning.iter().map(|&v| Move::Paint(v)).collect(),
            Answer::Chip(a) => a.moves.iter().map(|&(v, w)| Move::Chip(v, w)).collect(),
            Answer::Hackenbush(a) => a
                .moves
                .iter()
                .map(|&(i, j)| Move::Hackenbush(i, self.back[i as usize][j as usize]))
                .collect(),
            Answer::Staircase(_) => Vec::new(),
        };
        out.sort_unstable();
        out
    }
}

/// Why a position cannot be played move by move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotPlayable(pub Game);

impl std::fmt::Display for NotPlayable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}` is not played move by move: a layout with its updates is a sequence of positions, not one game (give the game by its rules instead)",
            self.0.name()
        )
    }
}

impl std::error::Error for NotPlayable {}

impl Board {
    /// The board of a position.
    pub fn new(pos: &Position) -> Result<Board, NotPlayable> {
        let kind = match pos {
            Position::Cut(p) => Kind::Cut {
                alive: vec![true; p.tree.len()],
                alive_count: p.tree.len(),
                tree: p.tree.clone(),
            },
            Position::Paint(p) => Kind::Paint {
                tree: p.tree.clone(),
                white: p.white.clone(),
            },
            Position::Chip(p) => {
                let mut chips = p.chips.clone();
                chips.sort_unstable();
                Kind::Chip {
                    height: heights(&p.tree),
                    tree: p.tree.clone(),
                    chips,
                }
            }
            Position::Hackenbush(p) => {
                let mut present: Vec<Vec<bool>> =
                    p.graphs.iter().map(|g| vec![true; g.edges.len()]).collect();
                for (g, pr) in p.graphs.iter().zip(&mut present) {
                    drop_fallen(g, pr);
                }
                Kind::Hackenbush {
                    graphs: p.graphs.clone(),
                    present,
                }
            }
            Position::Staircase(_) => return Err(NotPlayable(Game::Staircase)),
        };
        Ok(Board { kind })
    }

    /// Every legal move, ascending.
    pub fn moves(&self) -> Vec<Move> {
        match &self.kind {
            Kind::Cut { tree, alive, .. } => (1..tree.len() as u32)
                .filter(|&v| alive[v as usize])
                .map(Move::Cut)
                .collect(),
            Kind::Paint { white, .. } => (0..white.len() as u32)
                .filter(|&v| white[v as usize])
                .map(Move::Paint)
                .collect(),
            Kind::Chip { tree, chips, .. } => {
                let mut out = Vec::new();
                let mut last = None;
                for &v in chips {
                    if last == Some(v) {
                        continue;
                    }
                    last = Some(v);
                    let mut kids = tree.children(v).to_vec();
                    kids.sort_unstable();
                    out.extend(kids.into_iter().map(|w| Move::Chip(v, w)));
                }
                out
            }
            Kind::Hackenbush { present, .. } => present
                .iter()
                .enumerate()
                .flat_map(|(i, p)| {
                    p.iter()
                        .enumerate()
                        .filter(|(_, &here)| here)
                        .map(move |(j, _)| Move::Hackenbush(i as u32, j as u32))
                })
                .collect(),
        }
    }

    /// True when `m` is a legal move here.
    pub fn is_legal(&self, m: &Move) -> bool {
        match (&self.kind, *m) {
            (Kind::Cut { tree, alive, .. }, Move::Cut(v)) => {
                v != 0 && (v as usize) < tree.len() && alive[v as usize]
            }
            (Kind::Paint { white, .. }, Move::Paint(v)) => white.get(v as usize) == Some(&true),
            (Kind::Chip { tree, chips, .. }, Move::Chip(v, w)) => {
                chips.binary_search(&v).is_ok() && tree.parent(w) == Some(v)
            }
            (Kind::Hackenbush { present, .. }, Move::Hackenbush(i, j)) => present
                .get(i as usize)
                .and_then(|p| p.get(j as usize))
                .copied()
                .unwrap_or(false),
            _ => false,
        }
    }

    /// Plays a move; an illegal one leaves the board as it is.
    pub fn play(&mut self, m: &Move) {
        if !self.is_legal(m) {
            return;
        }
        match (&mut self.kind, *m) {
            (
                Kind::Cut {
                    tree,
                    alive,
                    alive_count,
                },
                Move::Cut(c),
            ) => {
                let mut stack = vec![c];
                while let Some(v) = stack.pop() {
                    // What fell before is not there to fall again.
                    if alive[v as usize] {
                        alive[v as usize] = false;
                        *alive_count -= 1;
                        stack.extend_from_slice(tree.children(v));
                    }
                }
            }
            (Kind::Paint { tree, white }, Move::Paint(v)) => {
                let mut at = Some(v);
                while let Some(u) = at {
                    white[u as usize] = false;
                    at = tree.parent(u);
                }
            }
            (Kind::Chip { chips, .. }, Move::Chip(v, w)) => {
                let i = chips.binary_search(&v).expect("legal");
                chips.remove(i);
                let j = chips.partition_point(|&x| x < w);
                chips.insert(j, w);
            }
            (Kind::Hackenbush { graphs, present }, Move::Hackenbush(i, j)) => {
                let p = &mut present[i as usize];
                p[j as usize] = false;
                drop_fallen(&graphs[i as usize], p);
            }
            _ => {}
        }
    }

    /// The board after a move.
    pub fn after(&self, m: &Move) -> Board {
        let mut b = self.clone();
        b.play(m);
        b
    }

    /// The most moves the game can still last (exact: a cut of a leaf edge, a white
    /// vertex with no white ancestor, a chip walking its longest path down, an edge whose
    /// loss drops nothing else always exists while any move does).
    pub fn longest(&self) -> u64 {
        match &self.kind {
            Kind::Cut { alive_count, .. } => *alive_count as u64 - 1,
            Kind::Paint { white, .. } => white.iter().filter(|&&w| w).count() as u64,
            Kind::Chip { chips, height, .. } => {
                chips.iter().map(|&v| u64::from(height[v as usize])).sum()
            }
            Kind::Hackenbush { present, .. } => {
                present.iter().flatten().filter(|&&p| p).count() as u64
            }
        }
    }

    /// A key that tells two boards of one game apart (for memoizing their values).
    pub fn key(&self) -> Vec<u64> {
        fn bits<'a>(it: impl Iterator<Item = &'a bool>) -> Vec<u64> {
            let mut out = Vec::new();
            for (i, &b) in it.enumerate() {
                if i % 64 == 0 {
                    out.push(0);
                }
                if b {
                    *out.last_mut().expect("pushed") |= 1 << (i % 64);
                }
            }
            out
        }
        match &self.kind {
            Kind::Cut { alive, .. } => bits(alive.iter()),
            Kind::Paint { white, .. } => bits(white.iter()),
            Kind::Chip { chips, .. } => chips.iter().map(|&c| u64::from(c)).collect(),
            Kind::Hackenbush { present, .. } => bits(present.iter().flatten()),
        }
    }

    /// The position in the engines' terms.
    pub fn view(&self) -> View {
        match &self.kind {
            Kind::Cut { tree, alive, .. } => {
                let mut new_id = vec![u32::MAX; tree.len()];
                let mut back = Vec::new();
                for &v in tree.order() {
                    if alive[v as usize] {
                        new_id[v as usize] = back.len() as u32;
                        back.push(v);
                    }
                }
                let parents: Vec<u32> = back
                    .iter()
                    .map(|&v| tree.parent(v).map_or(0, |p| new_id[p as usize]))
                    .collect();
                let tree = Tree::from_parents(&parents).expect("a subtree of a tree");
                View {
                    position: Position::Cut(CutPos { tree }),
                    back: vec![back],
                }
            }
            Kind::Paint { tree, white } => View {
                position: Position::Paint(PaintPos {
                    tree: tree.clone(),
                    white: white.clone(),
                }),
                back: Vec::new(),
            },
            Kind::Chip { tree, chips, .. } => View {
                position: Position::Chip(ChipPos {
                    tree: tree.clone(),
                    chips: chips.clone(),
                }),
                back: Vec::new(),
            },
            Kind::Hackenbush { graphs, present } => {
                let mut back = Vec::new();
                let graphs = graphs
                    .iter()
                    .zip(present)
                    .map(|(g, p)| {
                        let kept: Vec<u32> = (0..g.edges.len() as u32)
                            .filter(|&j| p[j as usize])
                            .collect();
                        let edges = kept.iter().map(|&j| g.edges[j as usize]).collect();
                        back.push(kept);
                        Graph { n: g.n, edges }
                    })
                    .collect();
                View {
                    position: Position::Hackenbush(HackenbushPos { graphs }),
                    back,
                }
            }
        }
    }
}

/// The longest path down from every vertex, children before parents.
fn heights(tree: &Tree) -> Vec<u32> {
    let mut h = vec![0u32; tree.len()];
    for &v in tree.order().iter().rev() {
        if let Some(p) = tree.parent(v) {
            h[p as usize] = h[p as usize].max(h[v as usize] + 1);
        }
    }
    h
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

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(edges: &[(u32, u32)]) -> Board {
        let tree = Tree::from_edges(edges.len() + 1, edges).unwrap();
        Board::new(&Position::Cut(CutPos { tree })).unwrap()
    }

    #[test]
    fn a_cut_drops_the_subtree_and_keeps_the_original_names() {
        // 1-2-3 and 1-4: cutting above 2 drops 2 and 3.
        let b = cut(&[(0, 1), (1, 2), (0, 3)]);
        assert_eq!(b.moves(), vec![Move::Cut(1), Move::Cut(2), Move::Cut(3)]);
        let twice = b.after(&Move::Cut(2)).after(&Move::Cut(1));
        assert_eq!(
            twice.longest(),
            1,
            "a vertex that fell earlier is not counted again"
        );
        let b = b.after(&Move::Cut(1));
        assert_eq!(b.moves(), vec![Move::Cut(3)]);
        assert_eq!(b.longest(), 1);
        let v = b.view();
        assert_eq!(v.position.vertices(), 2);
        let answer = Answer::Cut(crate::position::CutAnswer {
            value: 1,
            winning: vec![1],
            by_root: vec![1, 1],
        });
        assert_eq!(v.winning(&answer), vec![Move::Cut(3)]);
        assert_eq!(Move::Cut(3).label(), "4");
    }

    #[test]
    fn painting_blackens_the_path_to_the_root() {
        let tree = Tree::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
        let b = Board::new(&Position::Paint(PaintPos {
            tree,
            white: vec![true, false, true],
        }))
        .unwrap();
        assert_eq!(b.moves(), vec![Move::Paint(0), Move::Paint(2)]);
        assert_eq!(b.after(&Move::Paint(2)).moves(), Vec::<Move>::new());
        assert!(!b.is_legal(&Move::Paint(1)));
    }

    #[test]
    fn a_chip_moves_to_a_child_only() {
        let tree = Tree::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
        let b = Board::new(&Position::Chip(ChipPos {
            tree,
            chips: vec![1, 0, 1],
        }))
        .unwrap();
        assert_eq!(b.moves(), vec![Move::Chip(0, 1), Move::Chip(1, 2)]);
        assert_eq!(b.longest(), 2 + 1 + 1);
        assert!(!b.is_legal(&Move::Chip(2, 1)));
        let b = b.after(&Move::Chip(0, 1));
        assert_eq!(b.moves(), vec![Move::Chip(1, 2)]);
        assert_eq!(Move::Chip(1, 2).label(), "2 3");
    }

    #[test]
    fn a_hackenbush_cut_drops_what_no_longer_reaches_the_ground() {
        // Ground 0, edge 0: 0-1, edges 1 and 2: a 1-2 double edge, edge 3: a loop at 2.
        let g = Graph {
            n: 3,
            edges: vec![(0, 1), (1, 2), (2, 1), (2, 2)],
        };
        let b = Board::new(&Position::Hackenbush(HackenbushPos { graphs: vec![g] })).unwrap();
        assert_eq!(b.longest(), 4);
        let after = b.after(&Move::Hackenbush(0, 1));
        assert_eq!(after.longest(), 3);
        let gone = b.after(&Move::Hackenbush(0, 0));
        assert!(gone.moves().is_empty());
        let v = after.view();
        let answer = Answer::Hackenbush(crate::position::HackenbushAnswer {
            value: 0,
            moves: vec![(0, 1)],
        });
        // Edge 1 of the view is edge 2 of the input.
        assert_eq!(v.winning(&answer), vec![Move::Hackenbush(0, 2)]);
    }

    #[test]
    fn a_chain_of_a_million_is_cut_without_recursion() {
        let n = 1_000_000u32;
        let parents: Vec<u32> = (0..n).map(|v| v.saturating_sub(1)).collect();
        let tree = Tree::from_parents(&parents).unwrap();
        let b = Board::new(&Position::Cut(CutPos { tree })).unwrap();
        let b = b.after(&Move::Cut(1));
        assert_eq!(b.longest(), 0);
        assert_eq!(b.view().position.vertices(), 1);
    }
}
