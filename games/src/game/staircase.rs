//! `staircase` in the model: Staircase Nim on a tree with a cap and point updates; its
//! position, its answer, and its native format (`docs/SPEC.md` §3).

use crate::error::{ErrorKind, InputError, Result};
use crate::input_bounds::InputBounds;
use crate::kind::Model;
use crate::native::*;
use crate::scan::Scanner;
use crate::tree::Tree;
use std::fmt::Write as _;

/// A stone layout on a rooted tree with a cap and a sequence of point updates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaircasePos {
    /// The tree.
    pub tree: Tree,
    /// Stones on every vertex; `stones[0]` (the root) is always 0.
    pub stones: Vec<u64>,
    /// The most stones one move may carry (L ≥ 1).
    pub cap: u64,
    /// Updates `(vertex, stones)`, each setting the stones of a non-root vertex.
    pub updates: Vec<(u32, u64)>,
}

/// Answer to a `staircase` position.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct StaircaseAnswer {
    /// The value of the initial layout, then after each update.
    pub values: Vec<u64>,
}

/// A bounded, always valid position for the fuzz targets (feature `arbitrary`).
#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for StaircasePos {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let tree = crate::arbitrary::tree(u, 2, 6)?;
        let n = tree.len();
        let mut stones = (0..n)
            .map(|_| u.int_in_range(0..=4u64))
            .collect::<arbitrary::Result<Vec<_>>>()?;
        stones[0] = 0;
        let cap = u.int_in_range(1..=4u64)?;
        let t = u.int_in_range(0..=3usize)?;
        let updates = (0..t)
            .map(|_| Ok((u.int_in_range(1..=n as u32 - 1)?, u.int_in_range(0..=4u64)?)))
            .collect::<arbitrary::Result<_>>()?;
        Ok(StaircasePos {
            tree,
            stones,
            cap,
            updates,
        })
    }
}

/// Not played move by move (see [`crate::board`]).
impl crate::board::OnBoard for crate::kind::Staircase {}

impl Model for crate::kind::Staircase {
    fn size(p: &StaircasePos) -> usize {
        p.tree.len() + p.updates.len()
    }

    fn vertices(p: &StaircasePos) -> usize {
        p.tree.len()
    }

    fn value(a: &StaircaseAnswer) -> u64 {
        a.values.first().copied().unwrap_or(0)
    }

    fn read(s: &mut Scanner, lim: &InputBounds) -> Result<StaircasePos> {
        read(s, lim)
    }

    fn write(out: &mut String, p: &StaircasePos) {
        let _ = writeln!(out, "{} {} {}", p.tree.len(), p.updates.len(), p.cap);
        for v in 1..p.tree.len() as u32 {
            let parent = p.tree.parent(v).expect("non-root vertex");
            let _ = writeln!(out, "{} {}", parent + 1, p.stones[v as usize]);
        }
        for &(a, b) in &p.updates {
            let _ = writeln!(out, "{} {}", a + 1, b);
        }
    }

    fn write_answer(out: &mut Vec<u8>, a: &StaircaseAnswer) {
        for &v in &a.values {
            push_u64(out, v);
            out.push(b'\n');
        }
    }
}

/// `N T L`; for i = 2..N `P_i R_i`; T updates `A B`.
fn read(s: &mut Scanner, lim: &InputBounds) -> Result<StaircasePos> {
    let n = count(s, "N (vertices)", lim.vertices)? as usize;
    let t = count(s, "T (updates)", lim.updates)?;
    let cap = count(s, "L (most stones per move)", lim.cap)?;
    let mut parent = Vec::with_capacity(capacity(s, n as u64, 4));
    let mut stones = Vec::with_capacity(parent.capacity());
    let mut lines = Vec::with_capacity(parent.capacity());
    parent.push(crate::tree::NONE);
    stones.push(0);
    lines.push(1);
    for i in 2..=n {
        lines.push(s.line());
        let hi = if lim.parent_below { i - 1 } else { n };
        let p = s.int_with(1, hi as u64, || format!("P_{i} (parent of vertex {i})"))?;
        if p as usize == i {
            return Err(InputError::new(
                lines[i - 1],
                ErrorKind::NotATree,
                format!("vertex {i} cannot be its own parent"),
            ));
        }
        parent.push(p as u32 - 1);
        stones.push(s.int_with(lim.stones.0, lim.stones.1, || {
            format!("R_{i} (stones on vertex {i})")
        })?);
    }
    let tree = Tree::from_parents(&parent).map_err(|e| {
        InputError::new(
            lines[e.edge + 1],
            ErrorKind::NotATree,
            format!(
                "parent of vertex {} closes a cycle (the parents must form a tree rooted at 1)",
                e.edge + 2
            ),
        )
    })?;
    let mut updates = Vec::with_capacity(capacity(s, t, 4));
    for j in 1..=t {
        if n < 2 {
            return Err(InputError::new(
                s.line(),
                ErrorKind::OutOfRange,
                "an update needs a non-root vertex, but the tree has only the root",
            ));
        }
        let a = s.int_with(2, n as u64, || {
            format!("A of update {j} (a non-root vertex)")
        })?;
        let b = s.int_with(lim.stones.0, lim.stones.1, || {
            format!("B of update {j} (stones)")
        })?;
        updates.push((a as u32 - 1, b));
    }
    Ok(StaircasePos {
        tree,
        stones,
        cap,
        updates,
    })
}
