//! `staircase` (Staircase Nim on a tree with a cap, and point updates) in the campaign
//! library: see [`super::Room`].

use super::Adversarial;
use super::Lazy;
use super::{b, Bucket};
use super::{holding, values, Room};
use crate::contest::stone_layout;
use crate::exhaust::{trees, Bounds};
use crate::gen::{root_fixing_permutation, size, tree, Sizes, TreeShape};
use crate::rng::Rng;
use crate::shrink::{edited, lower, tree_reductions, LARGE};
use grundy_games::edit::relabel;
use grundy_games::kind::Staircase;
use grundy_games::*;
use std::ops::ControlFlow;

impl Room for Staircase {
    const BUCKETS: &'static [Bucket] = &[
        b("cap-1", "at most 1 stone per move"),
        b("cap-binds", "a pile larger than the cap"),
        b(
            "even-depth-stones",
            "stones on an even-depth vertex (mirrored away)",
        ),
        b("updates", "one or more updates"),
        b("zero-after-update", "an update that leaves value 0"),
        b("value-4+", "a value of at least 4"),
    ];

    /// A random stone layout with updates; one in four on 2 or 3 vertices with large
    /// stone counts.
    fn generate(rng: &mut Rng, sizes: &Sizes) -> (StaircasePos, &'static str) {
        let large = rng.chance(1, 4);
        let n = if large {
            rng.range(2, 3) as usize
        } else {
            size(rng, sizes.stair_vertices).max(2)
        };
        let shape = *rng.pick(&TreeShape::ALL);
        let tree = tree(rng, n, shape);
        let most = if large {
            sizes.stones * 8
        } else {
            sizes.stones
        };
        let mut stones: Vec<u64> = (0..n)
            .map(|_| {
                if rng.chance(1, 4) {
                    0
                } else {
                    rng.range(0, most)
                }
            })
            .collect();
        stones[0] = 0;
        let cap = if large && rng.chance(1, 2) {
            rng.range(1, most.max(1))
        } else {
            rng.range(1, sizes.cap)
        };
        let updates = (0..rng.range(0, sizes.updates as u64))
            .map(|_| (rng.range(1, n as u64 - 1) as u32, rng.range(0, most)))
            .collect();
        let pos = StaircasePos {
            tree,
            stones,
            cap,
            updates,
        };
        (pos, if large { "large-stones" } else { shape.name() })
    }

    fn difference(e: &StaircaseAnswer, a: &StaircaseAnswer) -> Option<String> {
        if e.values.len() != a.values.len() {
            return Some(format!(
                "values: expected {} (initial and one per update), got {}",
                e.values.len(),
                a.values.len()
            ));
        }
        // The label is written only for the value that differs.
        let i = (0..e.values.len()).find(|&i| e.values[i] != a.values[i])?;
        let label = if i == 0 {
            "value of the initial layout".to_string()
        } else {
            format!("value after update {i}")
        };
        values(&label, e.values[i], a.values[i])
    }

    fn relabel(p: &StaircasePos, rng: &mut Rng) -> (StaircasePos, Vec<Vec<u32>>) {
        let perm = root_fixing_permutation(rng, p.tree.len());
        let mut stones = vec![0; p.stones.len()];
        for (v, &s) in p.stones.iter().enumerate() {
            stones[perm[v] as usize] = s;
        }
        let pos = StaircasePos {
            tree: relabel(&p.tree, &perm),
            stones,
            cap: p.cap,
            updates: p
                .updates
                .iter()
                .map(|&(a, b)| (perm[a as usize], b))
                .collect(),
        };
        (pos, vec![perm])
    }

    /// The values name no vertex: nothing to map.
    fn map_back(a: &StaircaseAnswer, _: &[Vec<u32>]) -> StaircaseAnswer {
        a.clone()
    }

    fn census(p: &StaircasePos, a: &StaircaseAnswer) -> Vec<&'static str> {
        let t = &p.tree;
        let mut stones = p.stones.clone();
        let mut even = false;
        let mut check_even = |stones: &[u64]| {
            even |= (1..t.len() as u32).any(|v| t.depth(v) % 2 == 0 && stones[v as usize] > 0);
        };
        check_even(&stones);
        for &(v, s) in &p.updates {
            stones[v as usize] = s;
            check_even(&stones);
        }
        let binds = p
            .stones
            .iter()
            .chain(p.updates.iter().map(|u| &u.1))
            .any(|&s| s > p.cap);
        holding(&[
            ("cap-1", p.cap == 1),
            ("cap-binds", binds),
            ("even-depth-stones", even),
            ("updates", !p.updates.is_empty()),
            (
                "zero-after-update",
                a.values.iter().skip(1).any(|&v| v == 0),
            ),
            ("value-4+", a.values.iter().any(|&v| v >= 4)),
        ])
    }

    /// Halves and single updates dropped, the tree reduced, the cap, stones and update
    /// counts lowered.
    fn shrink(p: &StaircasePos) -> Vec<Lazy<'_, StaircasePos>> {
        let mut out: Vec<Lazy<'_, StaircasePos>> = Vec::new();
        let k = p.updates.len();
        if k > 16 {
            let half = k / 2;
            out.push(edited(p, move |q| q.updates.truncate(half)));
            out.push(edited(p, move |q| {
                q.updates.drain(..half);
            }));
        }
        if k <= LARGE {
            for i in (0..k).rev() {
                out.push(edited(p, move |q| {
                    q.updates.remove(i);
                }));
            }
        }
        if p.tree.len() > 2 {
            for reduce in tree_reductions(&p.tree) {
                out.push(Box::new(move || reduced(p, reduce()?)));
            }
        }
        for y in lower(p.cap) {
            if y >= 1 {
                out.push(edited(p, move |q| q.cap = y));
            }
        }
        if p.stones.len() > LARGE || k > LARGE {
            return out;
        }
        for v in 1..p.stones.len() {
            for y in lower(p.stones[v]) {
                out.push(edited(p, move |q| q.stones[v] = y));
            }
        }
        for i in 0..k {
            for y in lower(p.updates[i].1) {
                out.push(edited(p, move |q| q.updates[i].1 = y));
            }
        }
        out
    }

    fn adversarial(
        rng: &mut Rng,
        problem: Problem,
        lim: &InputBounds,
        max: usize,
    ) -> Vec<Adversarial> {
        let mut out = Vec::new();
        let (stones, cap, t) = if problem == Problem::P2972 {
            (lim.stones.1, lim.cap.1, lim.updates.1 as usize)
        } else {
            (1_000_000_000, 1_000_000, 100_000)
        };
        for (name, shape) in [
            (
                "chain of the maximum N, maximum L and stones, most updates",
                TreeShape::Chain,
            ),
            (
                "star of the maximum N, maximum L and stones, most updates",
                TreeShape::Star,
            ),
            (
                "deep random tree, maximum L and stones, most updates",
                TreeShape::Deep,
            ),
        ] {
            out.push(Adversarial {
                name,
                cases: vec![Position::Staircase(stone_layout(
                    rng,
                    max,
                    shape,
                    (1, stones),
                    cap,
                    t,
                ))],
            });
        }
        out
    }

    /// A layout of `n` vertices (at least 2) on a tree of `shape`, with a cap and
    /// updates within `sizes`.
    fn on_tree(rng: &mut Rng, n: usize, shape: TreeShape, sizes: &Sizes) -> Option<StaircasePos> {
        let cap = rng.range(1, sizes.cap.max(1));
        let updates = rng.range(0, sizes.updates as u64) as usize;
        Some(stone_layout(
            rng,
            n.max(2),
            shape,
            (0, sizes.stones),
            cap,
            updates,
        ))
    }

    /// A layout with updates is not one game: none.
    fn interactive(_: &mut Rng, _: usize, _: Option<TreeShape>) -> Option<StaircasePos> {
        None
    }

    /// Half the time half the stones of one vertex moved to another, else a move of the
    /// tree.
    fn mutate(p: &mut StaircasePos, rng: &mut Rng) -> Option<&'static str> {
        if rng.chance(1, 2) && p.stones.len() > 1 {
            let a = rng.below(p.stones.len() as u64) as usize;
            let b = rng.below(p.stones.len() as u64) as usize;
            let moved = p.stones[a] / 2;
            p.stones[a] -= moved;
            p.stones[b] += moved;
            return Some("moved stones");
        }
        super::mutate_tree::<Self>(p, rng)
    }

    fn tree_mut(p: &mut StaircasePos) -> Option<&mut Tree> {
        Some(&mut p.tree)
    }

    fn tree(p: &StaircasePos) -> Option<&Tree> {
        Some(&p.tree)
    }

    fn reduced(p: &StaircasePos, r: (Tree, Vec<u32>)) -> Option<StaircasePos> {
        reduced(p, r)
    }

    fn shape(p: &StaircasePos) -> &'static str {
        crate::gen::classify(&p.tree).name()
    }

    fn bounds(b: &Bounds) -> Vec<(&'static str, u64)> {
        vec![("stones", b.stones), ("cap", b.cap)]
    }

    /// Every layout without updates: stones per non-root vertex up to `b.stones`, caps
    /// `1..=b.cap`, trees of 2 vertices or more.
    fn enumerate(
        b: &Bounds,
        f: &mut dyn FnMut(StaircasePos) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        trees(2, b.max_nodes, |tree| {
            let n = tree.len();
            let base = b.stones + 1;
            let layouts = base.pow(n as u32 - 1);
            for cap in 1..=b.cap {
                for code in 0..layouts {
                    let mut stones = vec![0u64; n];
                    let mut c = code;
                    for s in stones.iter_mut().skip(1) {
                        *s = c % base;
                        c /= base;
                    }
                    f(StaircasePos {
                        tree: tree.clone(),
                        stones,
                        cap,
                        updates: Vec::new(),
                    })?;
                }
            }
            ControlFlow::Continue(())
        })
    }
}

/// `p` on a reduced tree (`map`: old id → new id or `u32::MAX`): the stones and updates
/// of the vertices kept; none when the tree is down to the root and updates remain (a
/// tree of one vertex cannot hold them).
fn reduced(p: &StaircasePos, (tree, map): (Tree, Vec<u32>)) -> Option<StaircasePos> {
    if tree.len() < 2 && !p.updates.is_empty() {
        return None;
    }
    let mut stones = vec![0u64; tree.len()];
    for (v, &s) in p.stones.iter().enumerate() {
        if map[v] != u32::MAX && map[v] != 0 {
            stones[map[v] as usize] = stones[map[v] as usize].max(s);
        }
    }
    let updates = p
        .updates
        .iter()
        .filter(|&&(a, _)| map[a as usize] != u32::MAX && map[a as usize] != 0)
        .map(|&(a, b)| (map[a as usize], b))
        .collect();
    Some(StaircasePos {
        tree,
        stones,
        cap: p.cap,
        updates,
    })
}
