//! `staircase` (USACO Rocks and Trees): staircase Nim on a tree with at most L stones per
//! move. Stones on even-depth vertices can be mirrored away, so the value is the XOR over
//! odd-depth vertices of (stones mod (L+1)); an update changes one term in O(1).

use grundy_games::{StaircaseAnswer, StaircasePos};

/// The value of the initial layout and after each update.
pub fn solve(pos: &StaircasePos) -> StaircaseAnswer {
    let m = pos.cap + 1;
    let mut stones = pos.stones.clone();
    let term = |v: u32, s: u64| {
        if pos.tree.depth(v) % 2 == 1 {
            s % m
        } else {
            0
        }
    };
    let mut value = 0u64;
    for v in 1..stones.len() as u32 {
        value ^= term(v, stones[v as usize]);
    }
    let mut values = Vec::with_capacity(pos.updates.len() + 1);
    values.push(value);
    for &(a, b) in &pos.updates {
        value ^= term(a, stones[a as usize]) ^ term(a, b);
        stones[a as usize] = b;
        values.push(value);
    }
    StaircaseAnswer { values }
}

impl crate::Solve for grundy_games::kind::Staircase {
    fn solve(p: &StaircasePos) -> StaircaseAnswer {
        solve(p)
    }
}
