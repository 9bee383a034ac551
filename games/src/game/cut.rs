//! `cut` in the model: Green Hackenbush on a rooted tree; its position, its answer, and
//! its native format (`docs/SPEC.md` §3).

use crate::board::{bits, Board, Move, NotPlayable, OnBoard, Playable};
use crate::edit::*;
use crate::error::Result;
use crate::input_bounds::InputBounds;
use crate::kind::Model;
use crate::native::*;
use crate::scan::Scanner;
use crate::tree::Tree;
use std::fmt::Write as _;

/// A rooted tree for Green Hackenbush (`cut`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutPos {
    /// The tree.
    pub tree: Tree,
}

/// Answer to a `cut` position.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CutAnswer {
    /// Grundy value with vertex 0 as the root.
    pub value: u64,
    /// Winning first cuts, each named by the child end of its edge; ascending.
    pub winning: Vec<u32>,
    /// `by_root[r]`: the value of the same tree rooted at r.
    pub by_root: Vec<u64>,
}

impl CutPos {
    /// Every legal cut, named by the child end of the edge.
    pub fn legal_moves(&self) -> Vec<u32> {
        (1..self.tree.len() as u32).collect()
    }

    /// The position after cutting the edge above `c` (relabelled compactly).
    pub fn after(&self, c: u32) -> CutPos {
        let inside = subtree_mask(&self.tree, c);
        let keep: Vec<bool> = inside.iter().map(|&x| !x).collect();
        CutPos {
            tree: induced(&self.tree, &keep).0,
        }
    }
}

/// A bounded, always valid position for the fuzz targets (feature `arbitrary`).
#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for CutPos {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(CutPos {
            tree: crate::arbitrary::tree(u, 1, crate::arbitrary::MAX_VERTICES)?,
        })
    }
}

/// A `cut` game in play: which vertices still hang from the root.
#[derive(Clone, Debug)]
pub struct CutBoard {
    tree: Tree,
    alive: Vec<bool>,
    alive_count: usize,
}

impl Playable for crate::kind::Cut {
    type State = CutBoard;

    fn start(p: &CutPos) -> CutBoard {
        CutBoard {
            alive: vec![true; p.tree.len()],
            alive_count: p.tree.len(),
            tree: p.tree.clone(),
        }
    }

    fn moves(s: &CutBoard) -> Vec<Move> {
        (1..s.tree.len() as u32)
            .filter(|&v| s.alive[v as usize])
            .map(Move::One)
            .collect()
    }

    fn is_legal(s: &CutBoard, m: Move) -> bool {
        matches!(m, Move::One(v) if v != 0 && (v as usize) < s.tree.len() && s.alive[v as usize])
    }

    fn play(s: &mut CutBoard, m: Move) {
        let Move::One(c) = m else { return };
        let mut stack = vec![c];
        while let Some(v) = stack.pop() {
            // What fell before is not there to fall again.
            if s.alive[v as usize] {
                s.alive[v as usize] = false;
                s.alive_count -= 1;
                stack.extend_from_slice(s.tree.children(v));
            }
        }
    }

    fn longest(s: &CutBoard) -> u64 {
        s.alive_count as u64 - 1
    }

    fn key(s: &CutBoard) -> Vec<u64> {
        bits(s.alive.iter())
    }

    /// The vertices still there, renumbered in breadth-first order.
    fn view(s: &CutBoard) -> (CutPos, Vec<Vec<u32>>) {
        let mut new_id = vec![u32::MAX; s.tree.len()];
        let mut back = Vec::new();
        for &v in s.tree.order() {
            if s.alive[v as usize] {
                new_id[v as usize] = back.len() as u32;
                back.push(v);
            }
        }
        let parents: Vec<u32> = back
            .iter()
            .map(|&v| s.tree.parent(v).map_or(0, |p| new_id[p as usize]))
            .collect();
        let tree = Tree::from_parents(&parents).expect("a subtree of a tree");
        (CutPos { tree }, vec![back])
    }

    fn winning(back: &[Vec<u32>], a: &CutAnswer) -> Vec<Move> {
        a.winning
            .iter()
            .map(|&c| Move::One(back[0][c as usize]))
            .collect()
    }
}

impl OnBoard for crate::kind::Cut {
    fn board(p: &CutPos) -> std::result::Result<Board, NotPlayable> {
        Ok(Board::of::<Self>(p))
    }
}

impl Model for crate::kind::Cut {
    fn size(p: &CutPos) -> usize {
        p.tree.len()
    }

    fn vertices(p: &CutPos) -> usize {
        p.tree.len()
    }

    fn value(a: &CutAnswer) -> u64 {
        a.value
    }

    fn read(s: &mut Scanner, lim: &InputBounds) -> Result<CutPos> {
        read(s, lim)
    }

    fn write(out: &mut String, p: &CutPos) {
        let _ = writeln!(out, "{}", p.tree.len());
        write_tree(out, &p.tree);
    }

    fn write_answer(out: &mut Vec<u8>, a: &CutAnswer) {
        push_u64(out, a.value);
        out.push(b'\n');
        push_list(out, &a.winning, b' ');
        for (i, &v) in a.by_root.iter().enumerate() {
            if i > 0 {
                out.push(b' ');
            }
            push_u64(out, v);
        }
        out.push(b'\n');
    }
}

/// `n`; n − 1 edges.
fn read(s: &mut Scanner, lim: &InputBounds) -> Result<CutPos> {
    let n = count(s, "N (vertices)", lim.vertices)? as usize;
    Ok(CutPos {
        tree: read_tree(s, n)?,
    })
}
