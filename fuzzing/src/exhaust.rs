//! Bounded-exhaustive enumeration: every rooted tree up to n vertices, each unlabelled
//! shape exactly once (canonical level sequences, Beyer & Hedetniemi 1980, constant
//! amortised time per tree), with every colouring, every chip multiset of a given size and
//! every small stone layout; and every multigraph on a few vertices with a few edges
//! (loops and parallel edges included, so every small cactus is among them).

use grundy_games::*;
use std::ops::ControlFlow;

/// Calls `f` with the parent array of every rooted tree on exactly `n` vertices, each
/// unlabelled shape once (root 0, parents before children).
pub fn rooted_trees(n: usize, mut f: impl FnMut(&[u32]) -> ControlFlow<()>) -> ControlFlow<()> {
    if n == 0 {
        return ControlFlow::Continue(());
    }
    // Level sequence, root at level 1; start from the chain.
    let mut level: Vec<usize> = (1..=n).collect();
    let mut parent = vec![u32::MAX; n];
    let mut last = vec![0u32; n + 2];
    loop {
        for i in 1..n {
            parent[i] = last[level[i] - 1];
            last[level[i]] = i as u32;
        }
        last[1] = 0;
        f(&parent)?;
        // The next sequence: p = last index with level > 2, q = its parent.
        let Some(p) = (1..n).rev().find(|&i| level[i] > 2) else {
            return ControlFlow::Continue(());
        };
        let q = (0..p)
            .rev()
            .find(|&i| level[i] == level[p] - 1)
            .expect("a parent");
        for i in p..n {
            level[i] = level[i - (p - q)];
        }
    }
}

/// Every multiset of `k` values from `0..n`, as sorted vectors.
pub fn multisets(
    n: u32,
    k: usize,
    mut f: impl FnMut(&[u32]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if k == 0 {
        return f(&[]);
    }
    if n == 0 {
        return ControlFlow::Continue(());
    }
    let mut cur = vec![0u32; k];
    loop {
        f(&cur)?;
        // Increment like an odometer keeping the vector non-decreasing.
        let Some(i) = (0..k).rev().find(|&i| cur[i] + 1 < n) else {
            return ControlFlow::Continue(());
        };
        let v = cur[i] + 1;
        cur[i..].iter_mut().for_each(|x| *x = v);
    }
}

/// Calls `f` with every rooted tree of `min..=max` vertices, each unlabelled shape once
/// (the trees of [`rooted_trees`], smallest first).
pub fn trees(
    min: usize,
    max: usize,
    mut f: impl FnMut(Tree) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for n in min..=max {
        rooted_trees(n, |parent| {
            f(Tree::from_parents(parent).expect("level sequences give trees"))
        })?;
    }
    ControlFlow::Continue(())
}

/// Bounds of an exhaustive run.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Trees up to this many vertices; graphs up to this many vertices.
    pub max_nodes: usize,
    /// `chip`: up to this many chips.
    pub chips: usize,
    /// `hackenbush`: up to this many edges.
    pub edges: usize,
    /// `staircase`: stones per vertex up to this.
    pub stones: u64,
    /// `staircase`: caps 1..=this.
    pub cap: u64,
}

impl Bounds {
    /// Defaults for a maximum vertex count (the sizes of the exhaustive agreement test).
    pub fn new(max_nodes: usize) -> Bounds {
        Bounds {
            max_nodes,
            chips: 2,
            edges: 6,
            stones: 3,
            cap: 3,
        }
    }
}

/// Every multigraph on 1..=`max_vertices` vertices with at most `max_edges` edges, loops
/// and parallel edges included, vertex 0 the root, up to relabelling the other vertices:
/// a multiset of vertex pairs is taken only when the degrees of vertices 1, 2, … never
/// increase. Every multigraph can be relabelled so (sort the non-root vertices by degree),
/// so no graph is missed, while most of the (n − 1)! relabelled copies are skipped;
/// vertices without edges come last, as they may in an input.
pub fn graphs(
    max_vertices: u32,
    max_edges: usize,
    mut f: impl FnMut(Graph) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for n in 1..=max_vertices {
        let pairs: Vec<(u32, u32)> = (0..n).flat_map(|a| (a..n).map(move |b| (a, b))).collect();
        for m in 0..=max_edges {
            let mut degree = vec![0u32; n as usize];
            multisets(pairs.len() as u32, m, |chosen| {
                degree.iter_mut().for_each(|d| *d = 0);
                for &i in chosen {
                    let (a, b) = pairs[i as usize];
                    degree[a as usize] += 1;
                    degree[b as usize] += 1;
                }
                if degree[1.min(degree.len())..]
                    .windows(2)
                    .any(|w| w[0] < w[1])
                {
                    return ControlFlow::Continue(());
                }
                let edges = chosen.iter().map(|&i| pairs[i as usize]).collect();
                f(Graph { n, edges })
            })?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_rooted_trees() {
        // OEIS A000081.
        let expected = [1, 1, 2, 4, 9, 20, 48, 115, 286, 719, 1842, 4766];
        for (i, &want) in expected.iter().enumerate() {
            let mut count = 0;
            let mut shapes = std::collections::HashSet::new();
            let _ = rooted_trees(i + 1, |p| {
                count += 1;
                shapes.insert(canonical(p));
                ControlFlow::Continue(())
            });
            assert_eq!(count, want, "n = {}", i + 1);
            assert_eq!(shapes.len(), want, "each shape once, n = {}", i + 1);
        }
    }

    /// AHU canonical string of a rooted tree given by parents (parents before children).
    fn canonical(parent: &[u32]) -> String {
        let n = parent.len();
        let mut kids: Vec<Vec<String>> = vec![Vec::new(); n];
        let mut code = vec![String::new(); n];
        for v in (0..n).rev() {
            let mut k = std::mem::take(&mut kids[v]);
            k.sort();
            code[v] = format!("({})", k.concat());
            if v > 0 {
                let c = code[v].clone();
                kids[parent[v] as usize].push(c);
            }
        }
        code[0].clone()
    }

    #[test]
    fn counts_multisets() {
        let mut count = 0;
        let _ = multisets(10, 3, |_| {
            count += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(count, 220); // C(12, 3)
    }

    /// The isomorphism class of a rooted multigraph: isolated non-root vertices dropped,
    /// then the smallest sorted edge list over every relabelling that keeps the root.
    fn class(n: u32, edges: &[(u32, u32)]) -> Vec<(u32, u32)> {
        let used: Vec<u32> = (1..n)
            .filter(|&v| edges.iter().any(|&(a, b)| a == v || b == v))
            .collect();
        let mut best: Option<Vec<(u32, u32)>> = None;
        let mut perm: Vec<u32> = (1..=used.len() as u32).collect();
        loop {
            let id = |v: u32| {
                if v == 0 {
                    0
                } else {
                    perm[used.iter().position(|&u| u == v).unwrap()]
                }
            };
            let mut e: Vec<(u32, u32)> = edges
                .iter()
                .map(|&(a, b)| (id(a).min(id(b)), id(a).max(id(b))))
                .collect();
            e.sort_unstable();
            if best.as_ref().is_none_or(|b| e < *b) {
                best = Some(e);
            }
            // Next permutation.
            let Some(i) = (1..perm.len()).rev().find(|&i| perm[i - 1] < perm[i]) else {
                break;
            };
            let j = (i..perm.len())
                .rev()
                .find(|&j| perm[j] > perm[i - 1])
                .unwrap();
            perm.swap(i - 1, j);
            perm[i..].reverse();
        }
        best.unwrap_or_default()
    }

    #[test]
    fn graphs_reach_every_multigraph_up_to_relabelling() {
        use std::collections::BTreeSet;
        let (max_n, max_m) = (4u32, 4usize);
        let mut all = BTreeSet::new();
        for n in 1..=max_n {
            let pairs: Vec<(u32, u32)> = (0..n).flat_map(|a| (a..n).map(move |b| (a, b))).collect();
            for m in 0..=max_m {
                let _ = multisets(pairs.len() as u32, m, |c| {
                    let e: Vec<(u32, u32)> = c.iter().map(|&i| pairs[i as usize]).collect();
                    all.insert(class(n, &e));
                    ControlFlow::Continue(())
                });
            }
        }
        let (mut reached, mut count) = (BTreeSet::new(), 0);
        let _ = graphs(max_n, max_m, |g| {
            reached.insert(class(g.n, &g.edges));
            count += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(reached, all);
        // The filter skips most relabelled copies: far fewer graphs than labelled ones.
        assert!(
            count < 3 * all.len(),
            "{count} graphs for {} classes",
            all.len()
        );
    }
}
