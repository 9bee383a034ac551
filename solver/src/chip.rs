//! `chip`: a chip moves from its vertex to a child. g(v) = mex of the children's values
//! (leaves 0); chips are a sum, so the value is the XOR over chips. A move of a chip from v
//! to w wins exactly when g(w) = G ⊕ g(v).

use grundy_games::{ChipAnswer, ChipPos, Tree};

/// g(v) for every vertex, bottom-up, O(n): the mex of d values is at most d, so a stamp
/// array of small values suffices.
pub fn values(tree: &Tree) -> Vec<u32> {
    let n = tree.len();
    let mut g = vec![0u32; n];
    let mut stamp = vec![u32::MAX; n + 1];
    for &v in tree.order().iter().rev() {
        let children = tree.children(v);
        for &c in children {
            let x = g[c as usize] as usize;
            if x <= children.len() {
                stamp[x] = v;
            }
        }
        g[v as usize] = (0..).find(|&i| stamp[i as usize] != v).unwrap_or(0);
    }
    g
}

/// Value and every winning move.
pub fn solve(pos: &ChipPos) -> ChipAnswer {
    let g = values(&pos.tree);
    let value = pos
        .chips
        .iter()
        .fold(0u64, |acc, &c| acc ^ u64::from(g[c as usize]));
    let mut moves = Vec::new();
    if value != 0 {
        let mut from: Vec<u32> = pos.chips.clone();
        from.sort_unstable();
        from.dedup();
        for v in from {
            let want = value ^ u64::from(g[v as usize]);
            let start = moves.len();
            for &w in pos.tree.children(v) {
                if u64::from(g[w as usize]) == want {
                    moves.push((v, w));
                }
            }
            moves[start..].sort_unstable();
        }
    }
    ChipAnswer { value, moves }
}

impl crate::Solve for grundy_games::kind::Chip {
    fn solve(p: &ChipPos) -> ChipAnswer {
        solve(p)
    }
}
