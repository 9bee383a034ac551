//! `paint` (SPOJ COT3: paint a white vertex and its path to the root black) in the campaign
//! library: see [`super::Room`].

use super::Adversarial;
use super::Lazy;
use super::{b, Bucket};
use super::{holding, list, mapped, moves, values, Room};
use crate::exhaust::{trees, Bounds};
use crate::gen::{self, TreeShape};
use crate::gen::{any_tree, root_fixing_permutation, Sizes};
use crate::gen::{chain, tree_of};
use crate::rng::Rng;
use crate::shrink::{edited, tree_reductions, LARGE};
use grundy_games::edit::relabel;
use grundy_games::kind::Paint;
use grundy_games::*;
use std::ops::ControlFlow;

impl Room for Paint {
    const BUCKETS: &'static [Bucket] = &[
        b("all-black", "no white vertex (value 0)"),
        b("all-white", "every vertex white, 2 or more vertices"),
        b("mixed", "white and black vertices"),
        b("deep", "a white vertex at depth 4 or more"),
        b("value-0", "a losing position with a white vertex"),
        b("value-4+", "a value of at least 4"),
        b("tied-moves", "two or more winning moves"),
    ];

    /// A random colouring of a random tree; densities from all-black to all-white.
    fn generate(rng: &mut Rng, sizes: &Sizes) -> (PaintPos, &'static str) {
        let (tree, shape) = any_tree(rng, sizes.vertices);
        let density = *rng.pick(&[0u64, 1, 2, 3, 4]);
        let white = (0..tree.len()).map(|_| rng.below(4) < density).collect();
        (PaintPos { tree, white }, shape)
    }

    fn difference(e: &PaintAnswer, a: &PaintAnswer) -> Option<String> {
        values("value", e.value, a.value)
            .or_else(|| moves("winning vertices", &e.winning, &a.winning, list))
    }

    fn relabel(p: &PaintPos, rng: &mut Rng) -> (PaintPos, Vec<Vec<u32>>) {
        let perm = root_fixing_permutation(rng, p.tree.len());
        let mut white = vec![false; p.white.len()];
        for (v, &w) in p.white.iter().enumerate() {
            white[perm[v] as usize] = w;
        }
        let tree = relabel(&p.tree, &perm);
        (PaintPos { tree, white }, vec![perm])
    }

    fn map_back(a: &PaintAnswer, perm: &[Vec<u32>]) -> PaintAnswer {
        PaintAnswer {
            value: a.value,
            winning: mapped(&a.winning, &super::inverse(&perm[0])),
        }
    }

    fn census(p: &PaintPos, a: &PaintAnswer) -> Vec<&'static str> {
        let whites = p.white.iter().filter(|&&w| w).count();
        let n = p.white.len();
        holding(&[
            ("all-black", whites == 0),
            ("all-white", whites == n && n >= 2),
            ("mixed", whites > 0 && whites < n),
            (
                "deep",
                (0..n as u32).any(|v| p.white[v as usize] && p.tree.depth(v) >= 4),
            ),
            ("value-0", a.value == 0 && whites > 0),
            ("value-4+", a.value >= 4),
            ("tied-moves", a.winning.len() >= 2),
        ])
    }

    fn shrink(p: &PaintPos) -> Vec<Lazy<'_, PaintPos>> {
        let mut out: Vec<Lazy<'_, PaintPos>> = Vec::new();
        for reduce in tree_reductions(&p.tree) {
            out.push(Box::new(move || Self::reduced(p, reduce()?)));
        }
        let n = p.white.len();
        for v in (0..n).filter(|_| n <= LARGE) {
            if p.white[v] {
                out.push(edited(p, move |q| q.white[v] = false));
            }
        }
        out
    }

    fn adversarial(
        rng: &mut Rng,
        _problem: Problem,
        _lim: &InputBounds,
        max: usize,
    ) -> Vec<Adversarial> {
        let mut out = Vec::new();
        for (name, shape, white) in [
            ("all-white chain of the maximum N", TreeShape::Chain, 4u64),
            (
                "all-black random tree of the maximum N",
                TreeShape::Prufer,
                0,
            ),
            ("all-white star of the maximum N", TreeShape::Star, 4),
            (
                "half-white caterpillar of the maximum N",
                TreeShape::Caterpillar,
                2,
            ),
        ] {
            let tree = if shape == TreeShape::Chain {
                chain(max)
            } else {
                gen::tree(rng, max, shape)
            };
            let w = (0..max).map(|_| rng.below(4) < white).collect();
            out.push(Adversarial {
                name,
                cases: vec![Position::Paint(PaintPos { tree, white: w })],
            });
        }
        out
    }

    fn on_tree(rng: &mut Rng, n: usize, shape: TreeShape, _: &Sizes) -> Option<PaintPos> {
        let tree = crate::gen::tree(rng, n, shape);
        let white = (0..n).map(|_| rng.chance(1, 2)).collect();
        Some(PaintPos { white, tree })
    }

    fn interactive(rng: &mut Rng, n: usize, shape: Option<TreeShape>) -> Option<PaintPos> {
        let tree = tree_of(rng, n, shape);
        let density = rng.range(1, 4);
        let white = (0..n).map(|_| rng.below(4) < density).collect();
        Some(PaintPos { tree, white })
    }

    /// One time in three a vertex recoloured, else a move of the tree.
    fn mutate(p: &mut PaintPos, rng: &mut Rng) -> Option<&'static str> {
        if rng.chance(1, 3) {
            let v = rng.below(p.white.len() as u64) as usize;
            p.white[v] = !p.white[v];
            return Some("recoloured a vertex");
        }
        super::mutate_tree::<Self>(p, rng)
    }

    fn tree_mut(p: &mut PaintPos) -> Option<&mut Tree> {
        Some(&mut p.tree)
    }

    fn tree(p: &PaintPos) -> Option<&Tree> {
        Some(&p.tree)
    }

    fn reduced(p: &PaintPos, (tree, map): (Tree, Vec<u32>)) -> Option<PaintPos> {
        let mut white = vec![false; tree.len()];
        for (v, &w) in p.white.iter().enumerate() {
            if map[v] != u32::MAX && w {
                white[map[v] as usize] = true;
            }
        }
        Some(PaintPos { tree, white })
    }

    fn shape(p: &PaintPos) -> &'static str {
        crate::gen::classify(&p.tree).name()
    }

    fn bounds(_: &Bounds) -> Vec<(&'static str, u64)> {
        Vec::new()
    }

    fn enumerate(b: &Bounds, f: &mut dyn FnMut(PaintPos) -> ControlFlow<()>) -> ControlFlow<()> {
        trees(1, b.max_nodes, |tree| {
            let n = tree.len();
            for mask in 0u64..1 << n {
                let white = (0..n).map(|v| mask >> v & 1 == 1).collect();
                f(PaintPos {
                    tree: tree.clone(),
                    white,
                })?;
            }
            ControlFlow::Continue(())
        })
    }
}
