//! `cut` (Green Hackenbush on a rooted tree) in the campaign library: see [`super::Room`].

use super::Adversarial;
use super::Lazy;
use super::{b, Bucket};
use super::{holding, list, mapped, moves, values, Room};
use crate::exhaust::{trees, Bounds};
use crate::gen::{self, TreeShape};
use crate::gen::{any_tree, root_fixing_permutation, Sizes};
use crate::gen::{chain, tree_of};
use crate::rng::Rng;
use crate::shrink::tree_reductions;
use grundy_games::edit::relabel;
use grundy_games::kind::Cut;
use grundy_games::*;
use std::ops::ControlFlow;

impl Room for Cut {
    const BUCKETS: &'static [Bucket] = &[
        b("single-vertex", "no edge"),
        b("deep", "a vertex at depth 6 or more"),
        b("wide", "a vertex with 4 or more children"),
        b("value-0", "a losing tree of 2 or more vertices"),
        b("value-4+", "a value of at least 4"),
        b("tied-cuts", "two or more winning cuts"),
        b("roots-differ", "rooted elsewhere, the value changes"),
    ];

    fn generate(rng: &mut Rng, sizes: &Sizes) -> (CutPos, &'static str) {
        let (tree, shape) = any_tree(rng, sizes.vertices);
        (CutPos { tree }, shape)
    }

    fn difference(e: &CutAnswer, a: &CutAnswer) -> Option<String> {
        values("value", e.value, a.value)
            .or_else(|| moves("winning cuts", &e.winning, &a.winning, list))
            .or_else(|| {
                if e.by_root.len() != a.by_root.len() {
                    return Some(format!(
                        "values for every root: expected {} values, got {}",
                        e.by_root.len(),
                        a.by_root.len()
                    ));
                }
                // The label is written only for the root that differs.
                let r = (0..e.by_root.len()).find(|&r| e.by_root[r] != a.by_root[r])?;
                values(
                    &format!("value with vertex {} as the root", r + 1),
                    e.by_root[r],
                    a.by_root[r],
                )
            })
    }

    fn relabel(p: &CutPos, rng: &mut Rng) -> (CutPos, Vec<Vec<u32>>) {
        let perm = root_fixing_permutation(rng, p.tree.len());
        let tree = relabel(&p.tree, &perm);
        (CutPos { tree }, vec![perm])
    }

    fn map_back(a: &CutAnswer, perm: &[Vec<u32>]) -> CutAnswer {
        let inv = super::inverse(&perm[0]);
        let by_root = (0..a.by_root.len())
            .map(|r| a.by_root.get(perm[0][r] as usize).copied().unwrap_or(0))
            .collect();
        CutAnswer {
            value: a.value,
            winning: mapped(&a.winning, &inv),
            by_root,
        }
    }

    fn census(p: &CutPos, a: &CutAnswer) -> Vec<&'static str> {
        let t = &p.tree;
        let n = t.len() as u32;
        holding(&[
            ("single-vertex", n == 1),
            ("deep", (0..n).any(|v| t.depth(v) >= 6)),
            ("wide", (0..n).any(|v| t.children(v).len() >= 4)),
            ("value-0", a.value == 0 && n >= 2),
            ("value-4+", a.value >= 4),
            ("tied-cuts", a.winning.len() >= 2),
            ("roots-differ", a.by_root.iter().any(|&x| x != a.value)),
        ])
    }

    fn shrink(p: &CutPos) -> Vec<Lazy<'_, CutPos>> {
        tree_reductions(&p.tree)
            .into_iter()
            .map(|reduce| -> Lazy<'_, CutPos> { Box::new(move || Self::reduced(p, reduce()?)) })
            .collect()
    }

    fn adversarial(
        rng: &mut Rng,
        _problem: Problem,
        _lim: &InputBounds,
        max: usize,
    ) -> Vec<Adversarial> {
        let mut out = Vec::new();
        out.push(Adversarial {
            name: "chain of the maximum N from the root (deep recursion)",
            cases: vec![Position::Cut(CutPos { tree: chain(max) })],
        });
        for (name, shape) in [
            ("star of the maximum N", TreeShape::Star),
            ("caterpillar of the maximum N", TreeShape::Caterpillar),
            ("random tree of the maximum N", TreeShape::Prufer),
        ] {
            out.push(Adversarial {
                name,
                cases: vec![Position::Cut(CutPos {
                    tree: gen::tree(rng, max, shape),
                })],
            });
        }
        out
    }

    fn on_tree(rng: &mut Rng, n: usize, shape: TreeShape, _: &Sizes) -> Option<CutPos> {
        Some(CutPos {
            tree: crate::gen::tree(rng, n, shape),
        })
    }

    fn interactive(rng: &mut Rng, n: usize, shape: Option<TreeShape>) -> Option<CutPos> {
        Some(CutPos {
            tree: tree_of(rng, n, shape),
        })
    }

    /// A path of v vertices hung from the root of a tree of value v: the root's value
    /// is the XOR of its branches' (colon principle), and the path's is v.
    fn losing(p: &CutPos) -> Option<CutPos> {
        let v = grundy_solver::cut::values(&p.tree)[0] as usize;
        let n = p.tree.len();
        let mut edges = p.tree.edges();
        edges.extend((0..v).map(|k| (if k == 0 { 0 } else { (n + k - 1) as u32 }, (n + k) as u32)));
        Some(CutPos {
            tree: Tree::from_edges(n + v, &edges).ok()?,
        })
    }

    fn tree_mut(p: &mut CutPos) -> Option<&mut Tree> {
        Some(&mut p.tree)
    }

    fn tree(p: &CutPos) -> Option<&Tree> {
        Some(&p.tree)
    }

    fn reduced(_: &CutPos, (tree, _): (Tree, Vec<u32>)) -> Option<CutPos> {
        Some(CutPos { tree })
    }

    fn shape(p: &CutPos) -> &'static str {
        crate::gen::classify(&p.tree).name()
    }

    fn bounds(_: &Bounds) -> Vec<(&'static str, u64)> {
        Vec::new()
    }

    fn enumerate(b: &Bounds, f: &mut dyn FnMut(CutPos) -> ControlFlow<()>) -> ControlFlow<()> {
        trees(1, b.max_nodes, |tree| f(CutPos { tree }))
    }
}
