//! The one-parameter families every `grundy check` sweeps before its random inputs: the
//! chain of k vertices for every small k and for k next to every power of two (a chain
//! rooted at one end is the deepest tree, and on most tree games its value grows with k,
//! so a value kept in a byte or a 16-bit integer overflows on it), and the hub of degree d
//! with subtrees below its neighbours, for the degrees a fixed row of neighbours overflows
//! (16–20, 64, 256, 1,000); and the star of k for the same small k and powers of two up
//! to 2^10 (the degree alone).
//!
//! A member is a shape and a size: the problem builds the input (its own data on the
//! tree, drawn from a seed), so the same sweep serves the built-in problems and packages.
//! Members are listed smallest first: the first failing one is the family's smallest
//! failing member, and a shrink that stops above it can try the members below its size.

use crate::gen::{hub_size, TreeShape};

/// One member of a family: what to build and how it is called in reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// The tree shape.
    pub shape: TreeShape,
    /// Its vertices.
    pub size: usize,
    /// The member in words (`chain of 257 vertices`, `hub of degree 17 (34 vertices)`).
    pub label: String,
    /// Made a losing position by the game's construction ([`crate::room::Room::losing`]).
    pub losing: bool,
}

/// Every chain length up to this is swept.
pub const EVERY_CHAIN_UP_TO: usize = 16;

/// Powers of two up to 2^this have their neighbours swept.
pub const LARGEST_POWER: u32 = 20;

/// Up to 2^this, the chains of 2^k − 1, 2^k and 2^k + 1 are swept; past it, 2^k + 1 alone.
pub const ALL_NEIGHBOURS_UP_TO: u32 = 10;

/// Stars are swept up to this many vertices.
pub const STARS_UP_TO: usize = (1 << 10) + 1;

/// The hub degrees swept: one past a row of 16, its neighbours, and the next rows.
pub const HUB_DEGREES: [usize; 8] = [16, 17, 18, 19, 20, 64, 256, 1000];

/// The chain lengths swept within `least..=most`: every length up to
/// [`EVERY_CHAIN_UP_TO`], then 2^k − 1, 2^k and 2^k + 1 for k up to
/// [`ALL_NEIGHBOURS_UP_TO`], and 2^k + 1 for k up to [`LARGEST_POWER`].
pub fn chain_sizes(least: usize, most: usize) -> Vec<usize> {
    let mut sizes: Vec<usize> = (1..=EVERY_CHAIN_UP_TO).collect();
    for k in 4..=LARGEST_POWER {
        let p = 1usize << k;
        // Past 2^10 only the chain whose value is 2^k (its length 2^k + 1): the one a
        // wrap at 2^k breaks; the large chains are most of the sweep's time.
        if k <= ALL_NEIGHBOURS_UP_TO {
            sizes.extend([p - 1, p, p + 1]);
        } else {
            sizes.push(p + 1);
        }
    }
    sizes.retain(|&n| n >= least && n <= most);
    sizes.sort_unstable();
    sizes.dedup();
    sizes
}

/// The whole sweep for trees of `least..=most` vertices, smallest first; with `losing`,
/// each hub also made a losing position (where a changed value changes the winner).
pub fn sweep(least: usize, most: usize, losing: bool) -> Vec<Member> {
    let mut out: Vec<Member> = chain_sizes(least, most)
        .into_iter()
        .map(|n| Member {
            shape: TreeShape::Chain,
            size: n,
            label: format!("chain of {n} vert{}", if n == 1 { "ex" } else { "ices" }),
            losing: false,
        })
        .collect();
    // Stars: the degree alone, every small one and next to the powers of two up to
    // 2^10 (the adversarial inputs hold the star of the maximum N).
    for n in chain_sizes(least.max(3), most.min(STARS_UP_TO)) {
        out.push(Member {
            shape: TreeShape::Star,
            size: n,
            label: format!("star of {n} vertices"),
            losing: false,
        });
    }
    for d in HUB_DEGREES {
        let n = hub_size(d);
        if n >= least && n <= most {
            out.push(Member {
                shape: TreeShape::Hub,
                size: n,
                label: format!("hub of degree {d} ({n} vertices)"),
                losing: false,
            });
            if losing {
                out.push(Member {
                    shape: TreeShape::Hub,
                    size: n,
                    label: format!("hub of degree {d} ({n} vertices) made losing"),
                    losing: true,
                });
            }
        }
    }
    out.sort_by_key(|m| m.size);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::tree;
    use crate::Rng;

    #[test]
    fn the_sweep_reaches_the_powers_of_two_and_the_rows() {
        let s = sweep(2, 100_000, false);
        let has = |shape: TreeShape, n: usize| s.iter().any(|m| m.shape == shape && m.size == n);
        assert!(has(TreeShape::Chain, 2) && has(TreeShape::Chain, 16));
        assert!(has(TreeShape::Chain, 255) && has(TreeShape::Chain, 256));
        assert!(has(TreeShape::Chain, 257) && has(TreeShape::Chain, 65_537));
        assert!(has(TreeShape::Chain, 1023) && !has(TreeShape::Chain, 65_535));
        assert!(!has(TreeShape::Chain, 1) && !has(TreeShape::Chain, 131_071));
        assert!(s.windows(2).all(|w| w[0].size <= w[1].size));
        // Chains: 2..=16, 17, 3 per power 2^5..2^10 and 1 per power 2^11..2^16; stars:
        // 3..=16, 17, and 3 per power 2^5..2^10; hubs: 8.
        assert_eq!(s.len(), (15 + 1 + 3 * 6 + 6) + (14 + 1 + 3 * 6) + 8);
        assert!(s
            .iter()
            .any(|m| m.shape == TreeShape::Star && m.size == 1025));
    }

    #[test]
    fn a_hub_member_has_its_degree_and_subtrees() {
        for d in HUB_DEGREES {
            for seed in 0..4 {
                let t = tree(&mut Rng::new(seed), hub_size(d), TreeShape::Hub);
                let degree = |v: u32| t.children(v).len() + usize::from(t.parent(v).is_some());
                let n = t.len() as u32;
                assert_eq!((0..n).map(degree).max(), Some(d), "degree {d}");
                let hub = (0..n).find(|&v| degree(v) == d).unwrap();
                // Some neighbour of the hub has a child of its own (not a star).
                let inner = t
                    .children(hub)
                    .iter()
                    .chain(t.parent(hub).as_ref())
                    .filter(|&&c| degree(c) > 1)
                    .count();
                assert!(inner >= 1, "degree {d}: a star");
            }
        }
    }
}
