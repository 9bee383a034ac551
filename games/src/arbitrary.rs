//! `Arbitrary` for every position (feature `arbitrary`): the cargo-fuzz targets turn the
//! fuzzer's bytes into a bounded, always valid position, small enough for the oracle.

use crate::graph::Graph;
use crate::position::*;
use crate::tree::Tree;
use arbitrary::{Arbitrary, Result, Unstructured};

/// Largest tree the fuzz targets build.
pub const MAX_VERTICES: usize = 12;

fn tree(u: &mut Unstructured, min: usize, max: usize) -> Result<Tree> {
    let n = u.int_in_range(min..=max)?;
    let mut parent = vec![u32::MAX; n];
    for i in 1..n {
        parent[i] = u.int_in_range(0..=i as u32 - 1)?;
    }
    Ok(Tree::from_parents(&parent).expect("parents below children form a tree"))
}

impl<'a> Arbitrary<'a> for CutPos {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(CutPos {
            tree: tree(u, 1, MAX_VERTICES)?,
        })
    }
}

impl<'a> Arbitrary<'a> for ChipPos {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let tree = tree(u, 1, MAX_VERTICES)?;
        let k = u.int_in_range(0..=3usize)?;
        let n = tree.len() as u32;
        let chips = (0..k)
            .map(|_| u.int_in_range(0..=n - 1))
            .collect::<Result<_>>()?;
        Ok(ChipPos { tree, chips })
    }
}

impl<'a> Arbitrary<'a> for PaintPos {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let tree = tree(u, 1, MAX_VERTICES)?;
        let white = (0..tree.len())
            .map(|_| bool::arbitrary(u))
            .collect::<Result<_>>()?;
        Ok(PaintPos { tree, white })
    }
}

impl<'a> Arbitrary<'a> for StaircasePos {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let tree = tree(u, 2, 6)?;
        let n = tree.len();
        let mut stones = (0..n)
            .map(|_| u.int_in_range(0..=4u64))
            .collect::<Result<Vec<_>>>()?;
        stones[0] = 0;
        let cap = u.int_in_range(1..=4u64)?;
        let t = u.int_in_range(0..=3usize)?;
        let updates = (0..t)
            .map(|_| Ok((u.int_in_range(1..=n as u32 - 1)?, u.int_in_range(0..=4u64)?)))
            .collect::<Result<_>>()?;
        Ok(StaircasePos {
            tree,
            stones,
            cap,
            updates,
        })
    }
}

impl<'a> Arbitrary<'a> for HackenbushPos {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let k = u.int_in_range(1..=3usize)?;
        let mut graphs = Vec::with_capacity(k);
        let mut budget = 12usize;
        for _ in 0..k {
            let n = u.int_in_range(1..=5u32)?;
            let m = u.int_in_range(0..=budget.min(6))?;
            budget -= m;
            let edges = (0..m)
                .map(|_| Ok((u.int_in_range(0..=n - 1)?, u.int_in_range(0..=n - 1)?)))
                .collect::<Result<_>>()?;
            graphs.push(Graph { n, edges });
        }
        Ok(HackenbushPos { graphs })
    }
}
