//! `chip` (chips moving from a vertex to a child) in the campaign library: see
//! [`super::Room`].

use super::Adversarial;
use super::Lazy;
use super::{b, Bucket};
use super::{holding, moves, pairs, values, Room};
use crate::exhaust::{multisets, trees, Bounds};
use crate::gen::{self, TreeShape};
use crate::gen::{any_tree, binomial, root_fixing_permutation, size, Sizes};
use crate::gen::{chain, tree_of};
use crate::rng::Rng;
use crate::shrink::{edited, tree_reductions, LARGE};
use grundy_games::edit::relabel;
use grundy_games::kind::Chip;
use grundy_games::*;
use std::ops::ControlFlow;

impl Room for Chip {
    const BUCKETS: &'static [Bucket] = &[
        b("no-chips", "no chip at all (value 0, no move)"),
        b("shared-vertex", "two chips on one vertex (they cancel)"),
        b("chip-on-leaf", "a chip that cannot move"),
        b("value-0", "a losing position with chips"),
        b(
            "value-3+",
            "a value of at least 3 (a mex ladder of 8 vertices or more)",
        ),
        b("tied-moves", "two or more winning moves"),
    ];

    /// One in four on a binomial tree, whose mex values are as deep as the size allows.
    fn generate(rng: &mut Rng, sizes: &Sizes) -> (ChipPos, &'static str) {
        let (tree, shape) = if rng.chance(1, 4) {
            let n = size(rng, sizes.vertices);
            (binomial(rng, n), "binomial")
        } else {
            any_tree(rng, sizes.vertices)
        };
        let k = rng.range(0, sizes.chips as u64) as usize;
        // Draw from a few vertices so that chips often share one; the root (the deepest
        // value of a binomial tree) half the time.
        let mut pool: Vec<u32> = (0..rng.range(1, tree.len() as u64))
            .map(|_| rng.below(tree.len() as u64) as u32)
            .collect();
        if rng.chance(1, 2) {
            pool.push(0);
        }
        let chips = (0..k).map(|_| *rng.pick(&pool)).collect();
        (ChipPos { tree, chips }, shape)
    }

    fn difference(e: &ChipAnswer, a: &ChipAnswer) -> Option<String> {
        values("value", e.value, a.value)
            .or_else(|| moves("winning moves", &e.moves, &a.moves, pairs))
    }

    fn relabel(p: &ChipPos, rng: &mut Rng) -> (ChipPos, Vec<Vec<u32>>) {
        let perm = root_fixing_permutation(rng, p.tree.len());
        let mut chips: Vec<u32> = p.chips.iter().map(|&c| perm[c as usize]).collect();
        rng.shuffle(&mut chips);
        let tree = relabel(&p.tree, &perm);
        (ChipPos { tree, chips }, vec![perm])
    }

    fn map_back(a: &ChipAnswer, perm: &[Vec<u32>]) -> ChipAnswer {
        let inv = super::inverse(&perm[0]);
        let mut moves: Vec<(u32, u32)> = a
            .moves
            .iter()
            .map(|&(v, w)| (inv[v as usize], inv[w as usize]))
            .collect();
        moves.sort_unstable();
        ChipAnswer {
            value: a.value,
            moves,
        }
    }

    fn census(p: &ChipPos, a: &ChipAnswer) -> Vec<&'static str> {
        let mut sorted = p.chips.clone();
        sorted.sort_unstable();
        holding(&[
            ("no-chips", p.chips.is_empty()),
            ("shared-vertex", sorted.windows(2).any(|w| w[0] == w[1])),
            (
                "chip-on-leaf",
                p.chips.iter().any(|&c| p.tree.children(c).is_empty()),
            ),
            ("value-0", a.value == 0 && !p.chips.is_empty()),
            ("value-3+", a.value >= 3),
            ("tied-moves", a.moves.len() >= 2),
        ])
    }

    fn shrink(p: &ChipPos) -> Vec<Lazy<'_, ChipPos>> {
        let mut out: Vec<Lazy<'_, ChipPos>> = Vec::new();
        let k = p.chips.len();
        if k > 16 {
            for (from, to) in [(0, k / 2), (k / 2, k)] {
                out.push(edited(p, move |q| q.chips = q.chips[from..to].to_vec()));
            }
        }
        if k <= LARGE {
            for i in 0..k {
                out.push(edited(p, move |q| {
                    q.chips.remove(i);
                }));
            }
        }
        for reduce in tree_reductions(&p.tree) {
            out.push(Box::new(move || Self::reduced(p, reduce()?)));
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
        let tree = chain(max);
        out.push(Adversarial {
            name: "chain of the maximum N with chips at the root",
            cases: vec![Position::Chip(ChipPos {
                tree,
                chips: vec![0; 1000],
            })],
        });
        let tree = gen::tree(rng, max, TreeShape::Star);
        out.push(Adversarial {
            name: "star of the maximum N with a chip on every leaf",
            cases: vec![Position::Chip(ChipPos {
                chips: (0..max as u32).collect(),
                tree,
            })],
        });
        out
    }

    fn on_tree(rng: &mut Rng, n: usize, shape: TreeShape, sizes: &Sizes) -> Option<ChipPos> {
        let tree = crate::gen::tree(rng, n, shape);
        let chips = (0..sizes.chips.min(n))
            .map(|_| rng.below(n as u64) as u32)
            .collect();
        Some(ChipPos { chips, tree })
    }

    /// A few chips, so that a game stays within a few times n moves.
    fn interactive(rng: &mut Rng, n: usize, shape: Option<TreeShape>) -> Option<ChipPos> {
        let tree = tree_of(rng, n, shape);
        let k = rng.range(1, 4);
        let chips = (0..k).map(|_| rng.below(n as u64) as u32).collect();
        Some(ChipPos { tree, chips })
    }

    fn tree_mut(p: &mut ChipPos) -> Option<&mut Tree> {
        Some(&mut p.tree)
    }

    fn tree(p: &ChipPos) -> Option<&Tree> {
        Some(&p.tree)
    }

    fn reduced(p: &ChipPos, (tree, map): (Tree, Vec<u32>)) -> Option<ChipPos> {
        let chips = p
            .chips
            .iter()
            .map(|&c| map[c as usize])
            .filter(|&c| c != u32::MAX)
            .collect();
        Some(ChipPos { tree, chips })
    }

    fn shape(p: &ChipPos) -> &'static str {
        crate::gen::classify(&p.tree).name()
    }

    fn bounds(b: &Bounds) -> Vec<(&'static str, u64)> {
        vec![("chips", b.chips as u64)]
    }

    fn enumerate(b: &Bounds, f: &mut dyn FnMut(ChipPos) -> ControlFlow<()>) -> ControlFlow<()> {
        trees(1, b.max_nodes, |tree| {
            for k in 1..=b.chips {
                multisets(tree.len() as u32, k, |chips| {
                    f(ChipPos {
                        tree: tree.clone(),
                        chips: chips.to_vec(),
                    })
                })?;
            }
            ControlFlow::Continue(())
        })
    }
}
