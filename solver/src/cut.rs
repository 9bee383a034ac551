//! `cut` (Green Hackenbush on a rooted tree, AGC017 D): the colon principle
//! g(v) = ⊕ over children (g(c) + 1).
//!
//! * Winning cuts in O(n), top-down with the value each vertex *must* take: need(root) = 0;
//!   for a child c of v, t = need(v) ⊕ g(v) ⊕ (g(c)+1); t = 0 means cutting (v, c) wins
//!   and nothing inside c can; otherwise c must become t − 1 (x ↦ x+1 is invertible even
//!   though it is not XOR-linear).
//! * The value for every root in O(n) by rerooting: with full(v) the value of the tree
//!   rooted at v, the part of the tree on v's side of edge (v, c) has value
//!   full(v) ⊕ (g(c)+1), so full(c) = g(c) ⊕ (full(v) ⊕ (g(c)+1)) + 1.

use grundy_games::prefetch::prefetch;
use grundy_games::{CutAnswer, CutPos, Tree};

const NO_NEED: u64 = u64::MAX;

/// g(v) for every vertex (root 0), bottom-up.
pub fn values(tree: &Tree) -> Vec<u64> {
    let mut g = vec![0u64; tree.len()];
    for &v in tree.order().iter().rev() {
        if let Some(p) = tree.parent(v) {
            g[p as usize] ^= g[v as usize] + 1;
        }
    }
    g
}

/// g(root) of a tree read by leaf peeling ([`grundy_games::peel`]), without building it:
/// the colon rule applied in peeling order, children before parents. `None` when the edges
/// are not a tree.
pub fn peeled_value(tree: grundy_games::peel::Peeling) -> Option<u64> {
    // g(v) is at most the number of edges below v, so u32 holds it.
    let mut g = vec![0u32; tree.len()];
    let g = std::cell::Cell::from_mut(&mut g[..]).as_slice_of_cells();
    let is_tree = tree.bottom_up_ahead(
        |parent| prefetch(g, parent as usize),
        |child, parent| {
            let p = &g[parent as usize];
            p.set(p.get() ^ (g[child as usize].get() + 1));
        },
    );
    is_tree.then(|| u64::from(g[0].get()))
}

/// The whole answer (value, winning cuts, value for every root) of a tree read by leaf
/// peeling, without building it: the peeling gives each vertex's parent in an order with
/// children before parents, so the values are computed as it goes (as in
/// [`peeled_value`]); the winning cuts and the rerooting then run in the reverse order
/// (parents first), as in [`winning_cuts`] and [`by_root`]. What one vertex needs sits
/// side by side (one cache line), and everything fits in u32: a value never exceeds the
/// number of edges. `None` when the edges are not a tree.
pub fn peeled_answer(tree: grundy_games::peel::Peeling) -> Option<CutAnswer> {
    /// Parent, g, the value the vertex must take (`u32::MAX`: none), the value with the
    /// vertex as the root.
    #[derive(Clone, Copy)]
    struct Vertex {
        parent: u32,
        g: u32,
        need: u32,
        full: u32,
    }
    const NONE: u32 = u32::MAX;
    let n = tree.len();
    let blank = Vertex {
        parent: 0,
        g: 0,
        need: NONE,
        full: 0,
    };
    let mut at = vec![blank; n];
    let mut order = Vec::with_capacity(n - 1);
    let at_cells = std::cell::Cell::from_mut(&mut at[..]).as_slice_of_cells();
    let is_tree = tree.bottom_up_ahead(
        |p| prefetch(at_cells, p as usize),
        |child, p| {
            let mut c = at_cells[child as usize].get();
            c.parent = p;
            at_cells[child as usize].set(c);
            let mut up = at_cells[p as usize].get();
            up.g ^= c.g + 1;
            at_cells[p as usize].set(up);
            order.push(child);
        },
    );
    if !is_tree {
        return None;
    }
    at[0].need = 0;
    at[0].full = at[0].g;
    let mut wins = vec![false; n];
    for &c in order.iter().rev() {
        let here = at[c as usize];
        let up = at[here.parent as usize];
        let lifted = here.g + 1;
        let mut need = NONE;
        if up.need != NONE {
            let t = up.need ^ up.g ^ lifted;
            if t == 0 {
                wins[c as usize] = true;
            } else {
                need = t - 1;
            }
        }
        let v = &mut at[c as usize];
        v.need = need;
        v.full = here.g ^ ((up.full ^ lifted) + 1);
    }
    Some(CutAnswer {
        value: u64::from(at[0].g),
        winning: (0..n as u32).filter(|&v| wins[v as usize]).collect(),
        by_root: at.iter().map(|v| u64::from(v.full)).collect(),
    })
}

/// The value of the tree for every choice of root.
pub fn by_root(tree: &Tree, g: &[u64]) -> Vec<u64> {
    let mut full = vec![0u64; tree.len()];
    full[0] = g[0];
    for &v in tree.order() {
        for &c in tree.children(v) {
            let above = full[v as usize] ^ (g[c as usize] + 1);
            full[c as usize] = g[c as usize] ^ (above + 1);
        }
    }
    full
}

/// Every edge whose cut leaves value 0, named by its child end, ascending.
pub fn winning_cuts(tree: &Tree, g: &[u64]) -> Vec<u32> {
    let mut need = vec![NO_NEED; tree.len()];
    need[0] = 0;
    let mut winning = Vec::new();
    for &v in tree.order() {
        let nv = need[v as usize];
        if nv == NO_NEED {
            continue;
        }
        for &c in tree.children(v) {
            let t = nv ^ g[v as usize] ^ (g[c as usize] + 1);
            if t == 0 {
                winning.push(c);
            } else {
                need[c as usize] = t - 1;
            }
        }
    }
    winning.sort_unstable();
    winning
}

/// Value, winning cuts and the value for every root.
pub fn solve(pos: &CutPos) -> CutAnswer {
    let g = values(&pos.tree);
    CutAnswer {
        value: g[0],
        winning: winning_cuts(&pos.tree, &g),
        by_root: by_root(&pos.tree, &g),
    }
}

impl crate::Solve for grundy_games::kind::Cut {
    fn solve(p: &CutPos) -> CutAnswer {
        solve(p)
    }

    fn value(p: &CutPos) -> u64 {
        values(&p.tree)[0]
    }
}
