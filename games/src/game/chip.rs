//! `chip` in the model: chips on a rooted tree, each moving from its vertex to a child;
//! its position, its answer, and its native format (`docs/SPEC.md` §3).

use crate::error::Result;
use crate::kind::Model;
use crate::limits::Limits;
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

    fn read(s: &mut Scanner, lim: &Limits) -> Result<ChipPos> {
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
fn read(s: &mut Scanner, lim: &Limits) -> Result<ChipPos> {
    let n = count(s, "n (vertices)", lim.vertices)? as usize;
    let k = count(s, "k (chips)", lim.chips)?;
    let tree = read_tree(s, n)?;
    let mut chips = Vec::with_capacity(capacity(s, k, 2));
    for i in 1..=k {
        chips.push(s.vertex(n, || format!("vertex of chip {i} of {k}"))?);
    }
    Ok(ChipPos { tree, chips })
}
