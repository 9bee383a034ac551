//! Growth-rate analysis and the moves of a slow-input hunt: what explains a TLE.
//!
//! [`fit`] fits time ≈ c · n^E on a log-log scale (least squares) and says how well it
//! fits (R²); [`mutate`] changes a tree into one of the same size that may be slower for a
//! program to handle — a subtree re-hung under the deepest vertex, a branch turned into a
//! chain, two stars merged — keeping every vertex id, so per-vertex data stays aligned.

use crate::rng::Rng;
use grundy_games::Tree;

/// A power law fitted to measurements.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// The exponent E of time ≈ c · n^E.
    pub exponent: f64,
    /// The constant c (seconds).
    pub c: f64,
    /// The coefficient of determination of the log-log fit (1 is a perfect line).
    pub r2: f64,
}

impl Fit {
    /// The time the fit predicts for size `n`, in seconds.
    pub fn predict(&self, n: f64) -> f64 {
        self.c * n.powf(self.exponent)
    }
}

/// Least-squares fit of log t = log c + E log n over `(n, seconds)` points with n, t > 0;
/// `None` with fewer than two usable points or a single size.
pub fn fit(points: &[(f64, f64)]) -> Option<Fit> {
    let pts: Vec<(f64, f64)> = points
        .iter()
        .filter(|(n, t)| *n > 0.0 && *t > 0.0)
        .map(|(n, t)| (n.ln(), t.ln()))
        .collect();
    if pts.len() < 2 {
        return None;
    }
    let k = pts.len() as f64;
    let mx = pts.iter().map(|p| p.0).sum::<f64>() / k;
    let my = pts.iter().map(|p| p.1).sum::<f64>() / k;
    let sxx: f64 = pts.iter().map(|p| (p.0 - mx).powi(2)).sum();
    if sxx <= 0.0 {
        return None;
    }
    let sxy: f64 = pts.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let e = sxy / sxx;
    let b = my - e * mx;
    let ss_tot: f64 = pts.iter().map(|p| (p.1 - my).powi(2)).sum();
    let ss_res: f64 = pts.iter().map(|p| (p.1 - (b + e * p.0)).powi(2)).sum();
    let r2 = if ss_tot > 0.0 {
        1.0 - ss_res / ss_tot
    } else {
        1.0
    };
    Some(Fit {
        exponent: e,
        c: b.exp(),
        r2,
    })
}

/// A tree of the same vertices, changed by one move, and the move in words. Moves:
/// re-hang a random subtree under the deepest vertex outside it (deeper), turn a random
/// vertex's subtree into a chain (deeper, narrower), hang every child of one vertex on
/// another (merge two stars: wider). `None` when the tree is too small to change.
pub fn mutate(tree: &Tree, rng: &mut Rng) -> Option<(Vec<(u32, u32)>, &'static str)> {
    let n = tree.len();
    if n < 3 {
        return None;
    }
    let mut parent: Vec<u32> = (0..n as u32)
        .map(|v| tree.parent(v).unwrap_or(u32::MAX))
        .collect();
    // Half the time a big subtree (a child of the root above a random vertex), else any.
    let pick = |rng: &mut Rng| -> u32 {
        let mut v = rng.range(1, n as u64 - 1) as u32;
        if rng.chance(1, 2) {
            while let Some(p) = tree.parent(v) {
                if tree.parent(p).is_none() {
                    break;
                }
                v = p;
            }
        }
        v
    };
    let what = match rng.below(4) {
        0 | 1 => {
            // Re-hang the subtree of v under the deepest vertex outside it.
            let v = pick(rng);
            let inside = subtree(tree, v);
            let target = (0..n as u32)
                .filter(|&w| !inside[w as usize])
                .max_by_key(|&w| tree.depth(w))?;
            if parent[v as usize] == target {
                return None;
            }
            parent[v as usize] = target;
            "re-hung a subtree under the deepest vertex"
        }
        2 => {
            // The subtree of v becomes a chain below v, in breadth-first order.
            let v = pick(rng);
            let inside = subtree(tree, v);
            let mut prev = v;
            for &w in tree.order() {
                if inside[w as usize] && w != v {
                    parent[w as usize] = prev;
                    prev = w;
                }
            }
            "turned a branch into a chain"
        }
        _ => {
            // Every child of a moves to b (neither inside the other's subtree).
            let a = rng.below(n as u64) as u32;
            let b = rng.below(n as u64) as u32;
            if a == b || subtree(tree, a)[b as usize] || tree.children(a).is_empty() {
                return None;
            }
            for &c in tree.children(a) {
                if !subtree(tree, c)[b as usize] {
                    parent[c as usize] = b;
                }
            }
            "merged two stars"
        }
    };
    let edges: Vec<(u32, u32)> = (1..n).map(|v| (parent[v], v as u32)).collect();
    // A move never makes a cycle (a subtree is only hung outside itself), but check.
    Tree::from_edges(n, &edges).ok()?;
    Some((edges, what))
}

/// The vertices in the subtree of `v`.
fn subtree(tree: &Tree, v: u32) -> Vec<bool> {
    let mut inside = vec![false; tree.len()];
    inside[v as usize] = true;
    for &w in tree.order() {
        if let Some(p) = tree.parent(w) {
            if inside[p as usize] {
                inside[w as usize] = true;
            }
        }
    }
    inside
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fits_known_powers() {
        let quad: Vec<(f64, f64)> = (1..8)
            .map(|k| {
                let n = 1000.0 * 2f64.powi(k);
                (n, 3e-9 * n * n)
            })
            .collect();
        let f = fit(&quad).unwrap();
        assert!((f.exponent - 2.0).abs() < 1e-9, "{f:?}");
        assert!((f.r2 - 1.0).abs() < 1e-9);
        assert!((f.predict(1e5) - 30.0).abs() < 1e-6);
        assert!(fit(&[(10.0, 1.0)]).is_none());
    }

    #[test]
    fn mutations_keep_a_tree_of_the_same_vertices() {
        let mut rng = Rng::new(5);
        let mut t = crate::gen::tree(&mut rng, 300, crate::gen::TreeShape::RandomParent);
        let start = (0..300).map(|v| t.depth(v)).max().unwrap();
        for _ in 0..200 {
            if let Some((edges, _)) = mutate(&t, &mut rng) {
                t = Tree::from_edges(300, &edges).unwrap();
            }
        }
        assert_eq!(t.len(), 300);
        let end = (0..300).map(|v| t.depth(v)).max().unwrap();
        assert!(end >= start, "{start} -> {end}");
    }
}
