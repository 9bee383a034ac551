//! `chip` in the model: chips on a rooted tree, each moving from its vertex to a child;
//! its position, its answer, and its native format (`docs/SPEC.md` §3).

use crate::board::{Board, Move, NotPlayable, OnBoard, Playable};
use crate::error::Result;
use crate::input_bounds::InputBounds;
use crate::kind::Model;
use crate::native::*;
use crate::scan::Scanner;
use crate::tree::Tree;
use std::fmt::Write as _;

/// Chips on a rooted tree; several chips may share a vertex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChipPos {
    /// The tree.
    pub tree: Tree,
    /// The vertex of every chip.
    pub chips: Vec<u32>,
}

/// Answer to a `chip` position.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ChipAnswer {
    /// Grundy value of the whole position.
    pub value: u64,
    /// Winning moves `(v, w)`: a chip from v to its child w; ascending, each once.
    pub moves: Vec<(u32, u32)>,
}

impl ChipPos {
    /// Every legal move `(v, w)`, ascending, each once.
    pub fn legal_moves(&self) -> Vec<(u32, u32)> {
        let mut from = self.chips.clone();
        from.sort_unstable();
        from.dedup();
        let mut moves: Vec<(u32, u32)> = from
            .into_iter()
            .flat_map(|v| self.tree.children(v).iter().map(move |&w| (v, w)))
            .collect();
        moves.sort_unstable();
        moves
    }

    /// The position after moving one chip from `v` to its child `w`.
    pub fn after(&self, v: u32, w: u32) -> ChipPos {
        let mut chips = self.chips.clone();
        let i = chips.iter().position(|&x| x == v).expect("a chip on v");
        chips[i] = w;
        ChipPos {
            tree: self.tree.clone(),
            chips,
        }
    }
}

/// A bounded, always valid position for the fuzz targets (feature `arbitrary`).
#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for ChipPos {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let tree = crate::arbitrary::tree(u, 1, crate::arbitrary::MAX_VERTICES)?;
        let k = u.int_in_range(0..=3usize)?;
        let n = tree.len() as u32;
        let chips = (0..k)
            .map(|_| u.int_in_range(0..=n - 1))
            .collect::<arbitrary::Result<_>>()?;
        Ok(ChipPos { tree, chips })
    }
}

/// A `chip` game in play.
#[derive(Clone, Debug)]
pub struct ChipBoard {
    tree: Tree,
    /// Sorted.
    chips: Vec<u32>,
    /// The longest path down from each vertex.
    height: Vec<u32>,
}

impl Playable for crate::kind::Chip {
    type State = ChipBoard;

    fn start(p: &ChipPos) -> ChipBoard {
        let mut chips = p.chips.clone();
        chips.sort_unstable();
        ChipBoard {
            height: heights(&p.tree),
            tree: p.tree.clone(),
            chips,
        }
    }

    fn moves(s: &ChipBoard) -> Vec<Move> {
        let mut out = Vec::new();
        let mut last = None;
        for &v in &s.chips {
            if last == Some(v) {
                continue;
            }
            last = Some(v);
            let mut kids = s.tree.children(v).to_vec();
            kids.sort_unstable();
            out.extend(kids.into_iter().map(|w| Move::Two(v, w)));
        }
        out
    }

    fn is_legal(s: &ChipBoard, m: Move) -> bool {
        matches!(m, Move::Two(v, w) if s.chips.binary_search(&v).is_ok() && s.tree.parent(w) == Some(v))
    }

    fn play(s: &mut ChipBoard, m: Move) {
        let Move::Two(v, w) = m else { return };
        let i = s.chips.binary_search(&v).expect("legal");
        s.chips.remove(i);
        let j = s.chips.partition_point(|&x| x < w);
        s.chips.insert(j, w);
    }

    fn longest(s: &ChipBoard) -> u64 {
        s.chips
            .iter()
            .map(|&v| u64::from(s.height[v as usize]))
            .sum()
    }

    fn key(s: &ChipBoard) -> Vec<u64> {
        s.chips.iter().map(|&c| u64::from(c)).collect()
    }

    fn view(s: &ChipBoard) -> (ChipPos, Vec<Vec<u32>>) {
        let p = ChipPos {
            tree: s.tree.clone(),
            chips: s.chips.clone(),
        };
        (p, Vec::new())
    }

    fn winning(_: &[Vec<u32>], a: &ChipAnswer) -> Vec<Move> {
        a.moves.iter().map(|&(v, w)| Move::Two(v, w)).collect()
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

impl OnBoard for crate::kind::Chip {
    fn board(p: &ChipPos) -> std::result::Result<Board, NotPlayable> {
        Ok(Board::of::<Self>(p))
    }
}

impl Model for crate::kind::Chip {
    fn size(p: &ChipPos) -> usize {
        p.tree.len() + p.chips.len()
    }

    fn vertices(p: &ChipPos) -> usize {
        p.tree.len()
    }

    fn value(a: &ChipAnswer) -> u64 {
        a.value
    }

    fn read(s: &mut Scanner, lim: &InputBounds) -> Result<ChipPos> {
        read(s, lim)
    }

    fn write(out: &mut String, p: &ChipPos) {
        let _ = writeln!(out, "{} {}", p.tree.len(), p.chips.len());
        write_tree(out, &p.tree);
        let chips: Vec<String> = p.chips.iter().map(|c| (c + 1).to_string()).collect();
        let _ = writeln!(out, "{}", chips.join(" "));
    }

    fn write_answer(out: &mut Vec<u8>, a: &ChipAnswer) {
        push_u64(out, a.value);
        out.push(b'\n');
        push_pairs(out, &a.moves);
    }
}

/// `n k`; n − 1 edges; k chip vertices.
fn read(s: &mut Scanner, lim: &InputBounds) -> Result<ChipPos> {
    let n = count(s, "n (vertices)", lim.vertices)? as usize;
    let k = count(s, "k (chips)", lim.chips)?;
    let tree = read_tree(s, n)?;
    let mut chips = Vec::with_capacity(capacity(s, k, 2));
    for i in 1..=k {
        chips.push(s.vertex(n, || format!("vertex of chip {i} of {k}"))?);
    }
    Ok(ChipPos { tree, chips })
}
