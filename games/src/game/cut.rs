//! `cut` in the model: Green Hackenbush on a rooted tree; its position, its answer, and
//! its native format (`docs/SPEC.md` §3).

use crate::edit::*;
use crate::error::Result;
use crate::kind::Model;
use crate::limits::Limits;
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

    fn read(s: &mut Scanner, lim: &Limits) -> Result<CutPos> {
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
fn read(s: &mut Scanner, lim: &Limits) -> Result<CutPos> {
    let n = count(s, "N (vertices)", lim.vertices)? as usize;
    Ok(CutPos {
        tree: read_tree(s, n)?,
    })
}
