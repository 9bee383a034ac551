//! A game grundy has never seen, written in Rust: **Subtract a square or a cube**. Several
//! heaps; a move takes from one heap a positive number of stones that is a perfect square
//! or a perfect cube (1, 4, 8, 9, 16, 25, 27, …); the player who cannot move loses.
//!
//! [`Squares`] is the game's rules as [`grundy_oracle::Rules`]: a state (the heaps), every
//! move with its label, the heaps as independent parts, the sorted heaps as the canonical
//! form. grundy's oracle does the game theory from that alone. [`value`] is the fast
//! solver a contestant would write (a table of one heap's values, then XOR), and
//! `tests/differential.rs` fuzzes it against the rules with
//! `grundy_fuzzing::rules_fuzz::differential`. The feature `planted-mistake` breaks the
//! solver on purpose; the test then finds and shrinks the mistake.

use grundy_oracle::Rules;

/// The largest heap the solver's table covers.
pub const MAX_HEAP: u32 = 10_000;

/// The amounts a move may take, up to `limit`: every positive square and cube.
pub fn amounts(limit: u32) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::new();
    let mut k = 1u32;
    while k * k <= limit {
        out.push(k * k);
        k += 1;
    }
    let mut k = 1u32;
    while k * k * k <= limit {
        out.push(k * k * k);
        k += 1;
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The rules: heaps, and the moves that take a square or a cube from one of them.
pub struct Squares;

impl Rules for Squares {
    type State = Vec<u32>;

    fn moves(&self, heaps: &Vec<u32>) -> Vec<(String, Vec<u32>)> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for a in amounts(h) {
                let mut next = heaps.clone();
                next[i] -= a;
                // "heap take": how a player prints the move (heaps 1-based).
                out.push((format!("{} {a}", i + 1), next));
            }
        }
        out
    }

    fn components(&self, heaps: &Vec<u32>) -> Option<Vec<Vec<u32>>> {
        Some(heaps.iter().filter(|&&h| h > 0).map(|&h| vec![h]).collect())
    }

    fn canonical(&self, mut heaps: Vec<u32>) -> Vec<u32> {
        heaps.sort_unstable();
        heaps
    }
}

/// One heap's Grundy values for heaps `0..=MAX_HEAP`, by dynamic programming.
pub fn table() -> Vec<u32> {
    let takes = amounts(MAX_HEAP);
    if cfg!(feature = "planted-mistake") {
        // The planted mistake: the table forgets the cubes above 8 (27, 64, …), as if
        // the statement said "a square, or 8".
        let squares_and_8: Vec<u32> = takes
            .iter()
            .copied()
            .filter(|&a| a == 8 || is_square(a))
            .collect();
        return table_of(&squares_and_8);
    }
    table_of(&takes)
}

fn is_square(a: u32) -> bool {
    let r = (a as f64).sqrt() as u32;
    (r.saturating_sub(1)..=r + 1).any(|k| k * k == a)
}

/// One heap's values when a move takes one of `takes` (ascending).
fn table_of(takes: &[u32]) -> Vec<u32> {
    let mut g = vec![0u32; MAX_HEAP as usize + 1];
    // seen[v] == h: value v is reached from heap h (no clearing between heaps).
    let mut seen = vec![usize::MAX; takes.len() + 2];
    for h in 1..=MAX_HEAP as usize {
        for &a in takes.iter().take_while(|&&a| a as usize <= h) {
            let v = g[h - a as usize] as usize;
            if v < seen.len() {
                seen[v] = h;
            }
        }
        let mut mex = 0;
        while seen[mex] == h {
            mex += 1;
        }
        g[h] = mex as u32;
    }
    g
}

/// The fast solver: the XOR of the heaps' values from the table.
pub fn value(table: &[u32], heaps: &[u32]) -> u32 {
    heaps.iter().fold(0, |x, &h| x ^ table[h as usize])
}
