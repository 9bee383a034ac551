//! `Arbitrary` for every position (feature `arbitrary`): the cargo-fuzz targets turn the
//! fuzzer's bytes into a bounded, always valid position, small enough for the oracle.
//! Each game's impl is in its module (`game/GAME.rs`); here are the shared bounds and the
//! tests that decode many byte strings.

use crate::tree::Tree;
use arbitrary::{Result, Unstructured};

/// Largest tree the fuzz targets build.
pub const MAX_VERTICES: usize = 12;

/// A tree of `min..=max` vertices, parents below children.
pub(crate) fn tree(u: &mut Unstructured, min: usize, max: usize) -> Result<Tree> {
    let n = u.int_in_range(min..=max)?;
    let mut parent = vec![u32::MAX; n];
    for i in 1..n {
        parent[i] = u.int_in_range(0..=i as u32 - 1)?;
    }
    Ok(Tree::from_parents(&parent).expect("parents below children form a tree"))
}

#[cfg(test)]
mod tests {
    //! Decoding many byte strings: every position is within its bounds, is read back as
    //! itself from its own native text, and every bound is reached.

    use super::*;
    use crate::position::*;
    use crate::{Game, Problem};
    use arbitrary::Arbitrary;
    use std::collections::BTreeSet;

    /// Byte strings of every length up to 300, from a fixed linear congruential stream.
    fn byte_strings() -> impl Iterator<Item = Vec<u8>> {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        (0..4000).map(move |i| {
            (0..i % 300)
                .map(|_| {
                    x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    (x >> 56) as u8
                })
                .collect()
        })
    }

    /// Decodes every byte string as a `T`; each decoded one is checked by `check` and by
    /// its native text round trip.
    fn decoded<T: for<'a> Arbitrary<'a>>(game: Game, wrap: fn(T) -> Position) -> Vec<Position> {
        let mut out = Vec::new();
        for bytes in byte_strings() {
            let Ok(p) = T::arbitrary(&mut Unstructured::new(&bytes)) else {
                continue;
            };
            let pos = wrap(p);
            let problem = Problem::Native(game);
            let text = problem.write_input(std::slice::from_ref(&pos));
            let back = problem.parse(text.as_bytes(), false).expect(&text);
            assert_eq!(back, std::slice::from_ref(&pos), "{text}");
            out.push(pos);
        }
        assert!(out.len() >= 3000, "{}: {} decoded", game.name(), out.len());
        out
    }

    fn range(seen: &BTreeSet<u64>) -> (u64, u64) {
        (*seen.first().unwrap(), *seen.last().unwrap())
    }

    #[test]
    fn trees_of_cut_chip_and_paint_span_their_bounds() {
        let mut sizes = BTreeSet::new();
        for p in decoded(Game::Cut, Position::Cut) {
            sizes.insert(p.vertices() as u64);
        }
        assert_eq!(range(&sizes), (1, MAX_VERTICES as u64));
        let mut chips = BTreeSet::new();
        for p in decoded(Game::Chip, Position::Chip) {
            let Position::Chip(c) = p else { unreachable!() };
            assert!(c.tree.len() <= MAX_VERTICES);
            assert!(c.chips.iter().all(|&v| (v as usize) < c.tree.len()));
            chips.insert(c.chips.len() as u64);
        }
        assert_eq!(range(&chips), (0, 3));
        let (mut all_white, mut all_black) = (false, false);
        for p in decoded(Game::Paint, Position::Paint) {
            let Position::Paint(c) = p else {
                unreachable!()
            };
            assert_eq!(c.white.len(), c.tree.len());
            all_white |= c.tree.len() > 1 && c.white.iter().all(|&w| w);
            all_black |= c.tree.len() > 1 && c.white.iter().all(|&w| !w);
        }
        assert!(all_white && all_black);
    }

    #[test]
    fn staircases_span_their_bounds() {
        let (mut sizes, mut stones, mut caps, mut updates) = Default::default();
        let insert = |s: &mut BTreeSet<u64>, x: u64| {
            s.insert(x);
        };
        for p in decoded(Game::Staircase, Position::Staircase) {
            let Position::Staircase(s) = p else {
                unreachable!()
            };
            assert_eq!(s.stones[0], 0, "the root holds no stones");
            insert(&mut sizes, s.tree.len() as u64);
            s.stones.iter().for_each(|&x| insert(&mut stones, x));
            insert(&mut caps, s.cap);
            insert(&mut updates, s.updates.len() as u64);
            for &(v, x) in &s.updates {
                assert!(v >= 1 && (v as usize) < s.tree.len() && x <= 4, "{v} {x}");
            }
        }
        assert_eq!(range(&sizes), (2, 6));
        assert_eq!(range(&stones), (0, 4));
        assert_eq!(range(&caps), (1, 4));
        assert_eq!(range(&updates), (0, 3));
    }

    #[test]
    fn hackenbush_sums_span_their_bounds() {
        let (mut graphs, mut vertices, mut edges, mut total) = Default::default();
        let insert = |s: &mut BTreeSet<u64>, x: usize| {
            s.insert(x as u64);
        };
        for p in decoded(Game::Hackenbush, Position::Hackenbush) {
            let Position::Hackenbush(h) = p else {
                unreachable!()
            };
            insert(&mut graphs, h.graphs.len());
            insert(&mut total, h.graphs.iter().map(|g| g.edges.len()).sum());
            for g in &h.graphs {
                insert(&mut vertices, g.n as usize);
                insert(&mut edges, g.edges.len());
            }
        }
        assert_eq!(range(&graphs), (1, 3));
        assert_eq!(range(&vertices), (1, 5));
        assert_eq!(range(&edges), (0, 6));
        assert_eq!(range(&total), (0, 12));
    }
}
