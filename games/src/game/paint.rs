//! `paint` in the model: SPOJ COT3's coloured tree; its position, its answer, and its
//! native format (`docs/SPEC.md` §3).

use crate::board::{bits, Board, Move, NotPlayable, OnBoard, Playable};
use crate::error::Result;
use crate::input_bounds::InputBounds;
use crate::kind::Model;
use crate::native::*;
use crate::scan::Scanner;
use crate::tree::Tree;
use std::fmt::Write as _;

/// A coloured rooted tree for `paint` (COT3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaintPos {
    /// The tree.
    pub tree: Tree,
    /// `white[v]`: v can still be picked.
    pub white: Vec<bool>,
}

/// Answer to a `paint` position.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PaintAnswer {
    /// Grundy value.
    pub value: u64,
    /// White vertices whose painting leaves value 0; ascending.
    pub winning: Vec<u32>,
}

impl PaintPos {
    /// Every legal move: the white vertices.
    pub fn legal_moves(&self) -> Vec<u32> {
        (0..self.tree.len() as u32)
            .filter(|&v| self.white[v as usize])
            .collect()
    }

    /// The position after painting `u` and its path to the root black.
    pub fn after(&self, u: u32) -> PaintPos {
        let mut white = self.white.clone();
        let mut x = Some(u);
        while let Some(v) = x {
            white[v as usize] = false;
            x = self.tree.parent(v);
        }
        PaintPos {
            tree: self.tree.clone(),
            white,
        }
    }
}

/// A bounded, always valid position for the fuzz targets (feature `arbitrary`).
#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for PaintPos {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let tree = crate::arbitrary::tree(u, 1, crate::arbitrary::MAX_VERTICES)?;
        let white = (0..tree.len())
            .map(|_| <bool as arbitrary::Arbitrary>::arbitrary(u))
            .collect::<arbitrary::Result<_>>()?;
        Ok(PaintPos { tree, white })
    }
}

/// A `paint` game in play: the colours.
#[derive(Clone, Debug)]
pub struct PaintBoard {
    tree: Tree,
    white: Vec<bool>,
}

impl Playable for crate::kind::Paint {
    type State = PaintBoard;

    fn start(p: &PaintPos) -> PaintBoard {
        PaintBoard {
            tree: p.tree.clone(),
            white: p.white.clone(),
        }
    }

    fn moves(s: &PaintBoard) -> Vec<Move> {
        (0..s.white.len() as u32)
            .filter(|&v| s.white[v as usize])
            .map(Move::One)
            .collect()
    }

    fn is_legal(s: &PaintBoard, m: Move) -> bool {
        matches!(m, Move::One(v) if s.white.get(v as usize) == Some(&true))
    }

    fn play(s: &mut PaintBoard, m: Move) {
        let Move::One(v) = m else { return };
        let mut at = Some(v);
        while let Some(u) = at {
            s.white[u as usize] = false;
            at = s.tree.parent(u);
        }
    }

    fn longest(s: &PaintBoard) -> u64 {
        s.white.iter().filter(|&&w| w).count() as u64
    }

    fn key(s: &PaintBoard) -> Vec<u64> {
        bits(s.white.iter())
    }

    fn view(s: &PaintBoard) -> (PaintPos, Vec<Vec<u32>>) {
        let p = PaintPos {
            tree: s.tree.clone(),
            white: s.white.clone(),
        };
        (p, Vec::new())
    }

    fn winning(_: &[Vec<u32>], a: &PaintAnswer) -> Vec<Move> {
        a.winning.iter().map(|&v| Move::One(v)).collect()
    }
}

impl OnBoard for crate::kind::Paint {
    fn board(p: &PaintPos) -> std::result::Result<Board, NotPlayable> {
        Ok(Board::of::<Self>(p))
    }
}

impl Model for crate::kind::Paint {
    fn size(p: &PaintPos) -> usize {
        p.tree.len()
    }

    fn vertices(p: &PaintPos) -> usize {
        p.tree.len()
    }

    fn value(a: &PaintAnswer) -> u64 {
        a.value
    }

    fn read(s: &mut Scanner, lim: &InputBounds) -> Result<PaintPos> {
        read(s, lim)
    }

    fn write(out: &mut String, p: &PaintPos) {
        let _ = writeln!(out, "{}", p.tree.len());
        let colours: Vec<&str> = p.white.iter().map(|&w| if w { "0" } else { "1" }).collect();
        let _ = writeln!(out, "{}", colours.join(" "));
        write_tree(out, &p.tree);
    }

    fn write_answer(out: &mut Vec<u8>, a: &PaintAnswer) {
        push_u64(out, a.value);
        out.push(b'\n');
        push_list(out, &a.winning, b'\n');
    }
}

/// `N`; N colours (0 white, 1 black); N − 1 edges.
fn read(s: &mut Scanner, lim: &InputBounds) -> Result<PaintPos> {
    let n = count(s, "N (vertices)", lim.vertices)? as usize;
    let mut white = Vec::with_capacity(capacity(s, n as u64, 2));
    for i in 1..=n {
        white.push(s.int_with(0, 1, || format!("colour of vertex {i} (0 white, 1 black)"))? == 0);
    }
    let tree = read_tree(s, n)?;
    Ok(PaintPos { tree, white })
}
