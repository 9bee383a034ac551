//! `paint` in the model: SPOJ COT3's coloured tree; its position, its answer, and its
//! native format (`docs/SPEC.md` §3).

use crate::error::Result;
use crate::kind::Model;
use crate::limits::Limits;
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

    fn read(s: &mut Scanner, lim: &Limits) -> Result<PaintPos> {
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
fn read(s: &mut Scanner, lim: &Limits) -> Result<PaintPos> {
    let n = count(s, "N (vertices)", lim.vertices)? as usize;
    let mut white = Vec::with_capacity(capacity(s, n as u64, 2));
    for i in 1..=n {
        white.push(s.int_with(0, 1, || format!("colour of vertex {i} (0 white, 1 black)"))? == 0);
    }
    let tree = read_tree(s, n)?;
    Ok(PaintPos { tree, white })
}
