//! The structure-aware shrinker: from a failing case, try one simplification at a time —
//! drop a whole subtree (a leaf is a subtree), contract an edge, drop a graph, an edge, a
//! chip or an update, repaint a white vertex black, lower stone counts and L — keep the
//! first that still fails, and repeat until no single step does (the result is 1-minimal).
//!
//! It works for any failure predicate: solver vs oracle in a campaign, a mutant in
//! `selftest`, or an external program in the loop for `grundy check`.

use grundy_games::edit::{contract, induced, subtree_mask};
use grundy_games::*;

/// The result of shrinking.
#[derive(Clone, Debug)]
pub struct Shrunk<T> {
    /// The smallest failing case found.
    pub case: T,
    /// Simplifications accepted.
    pub steps: usize,
    /// Candidates tried (calls of the predicate).
    pub tries: usize,
}

/// Past this many vertices, edges or updates only the halving steps are offered (the
/// one-at-a-time steps would cost quadratic time on a 10^5-vertex input).
const LARGE: usize = 2000;

/// Non-root vertices, largest subtree first (big cuts are tried before small ones).
fn by_subtree_size(tree: &Tree) -> Vec<u32> {
    let mut size = vec![1usize; tree.len()];
    for &v in tree.order().iter().rev() {
        if let Some(p) = tree.parent(v) {
            size[p as usize] += size[v as usize];
        }
    }
    let mut vs: Vec<u32> = (1..tree.len() as u32).collect();
    vs.sort_by_key(|&v| std::cmp::Reverse(size[v as usize]));
    vs
}

/// How many vertices to drop from the end of the breadth-first order, biggest first: half,
/// a quarter, an eighth, a sixteenth, then every power of two below that.
pub fn bfs_tail_drops(n: usize) -> Vec<usize> {
    let mut drops: Vec<usize> = [2usize, 4, 8, 16].iter().map(|d| n / d).collect();
    let mut k = (n / 16).next_power_of_two() / 2;
    while k >= 1 {
        drops.push(k);
        k /= 2;
    }
    drops.retain(|&d| d >= 1 && d < n);
    drops.dedup();
    drops
}

/// The vertices on the path from the root to a deepest vertex, when that is not the whole
/// tree.
pub fn deepest_path(tree: &Tree) -> Option<Vec<bool>> {
    let n = tree.len();
    let deepest = (0..n as u32).max_by_key(|&v| tree.depth(v))?;
    if tree.depth(deepest) as usize + 1 == n {
        return None;
    }
    let mut keep = vec![false; n];
    let mut v = Some(deepest);
    while let Some(x) = v {
        keep[x as usize] = true;
        v = tree.parent(x);
    }
    Some(keep)
}

/// The ways to make a tree smaller: `(new tree, map old → new or u32::MAX)`.
fn tree_reductions(tree: &Tree) -> Vec<(Tree, Vec<u32>)> {
    let order = by_subtree_size(tree);
    let mut out = Vec::new();
    // The path from the root to a deepest vertex alone: what a failure that needs depth
    // (deep recursion) keeps, in one step.
    if let Some(keep) = deepest_path(tree) {
        out.push(induced(tree, &keep));
    }
    // Large trees first lose half, a quarter, an eighth of their vertices at once (a
    // breadth-first prefix is a subtree holding the root), so shrinking a 10^5-vertex
    // input takes logarithmically many steps, not linearly many.
    // Then the last 32, 16, …, 1 vertices of that order: a failure that needs just a
    // bit less than the whole input (the depth of a chain) shrinks by bisection.
    if tree.len() > 16 {
        for drop in bfs_tail_drops(tree.len()) {
            let mut keep = vec![false; tree.len()];
            for &v in &tree.order()[..tree.len() - drop] {
                keep[v as usize] = true;
            }
            out.push(induced(tree, &keep));
        }
    }
    if tree.len() > LARGE {
        return out;
    }
    for &c in &order {
        let keep: Vec<bool> = subtree_mask(tree, c).iter().map(|&x| !x).collect();
        out.push(induced(tree, &keep));
    }
    for &c in &order {
        if !tree.children(c).is_empty() {
            out.push(contract(tree, c));
        }
    }
    // Two sibling leaves at once: keeps the parity of a star, which single removals can't.
    for v in 0..tree.len() as u32 {
        let leaves: Vec<u32> = tree
            .children(v)
            .iter()
            .copied()
            .filter(|&c| tree.children(c).is_empty())
            .collect();
        if leaves.len() >= 2 {
            let mut keep = vec![true; tree.len()];
            keep[leaves[0] as usize] = false;
            keep[leaves[1] as usize] = false;
            out.push(induced(tree, &keep));
        }
    }
    out
}

fn lower(x: u64) -> Vec<u64> {
    let mut v = vec![0, 1, x / 2, x.saturating_sub(1)];
    v.retain(|&y| y < x);
    v.dedup();
    v
}

/// Every single-step simplification of a position, biggest first.
pub fn candidates(pos: &Position) -> Vec<Position> {
    let mut out = Vec::new();
    match pos {
        Position::Chip(p) => {
            if p.chips.len() > 16 {
                let half = p.chips.len() / 2;
                for part in [&p.chips[..half], &p.chips[half..]] {
                    out.push(Position::Chip(ChipPos {
                        tree: p.tree.clone(),
                        chips: part.to_vec(),
                    }));
                }
            }
            for i in 0..p.chips.len().min(LARGE) {
                let mut chips = p.chips.clone();
                chips.remove(i);
                out.push(Position::Chip(ChipPos {
                    tree: p.tree.clone(),
                    chips,
                }));
            }
            for (tree, map) in tree_reductions(&p.tree) {
                let chips = p
                    .chips
                    .iter()
                    .map(|&c| map[c as usize])
                    .filter(|&c| c != u32::MAX)
                    .collect();
                out.push(Position::Chip(ChipPos { tree, chips }));
            }
        }
        Position::Cut(p) => {
            for (tree, _) in tree_reductions(&p.tree) {
                out.push(Position::Cut(CutPos { tree }));
            }
        }
        Position::Paint(p) => {
            for (tree, map) in tree_reductions(&p.tree) {
                let mut white = vec![false; tree.len()];
                for (v, &w) in p.white.iter().enumerate() {
                    if map[v] != u32::MAX && w {
                        white[map[v] as usize] = true;
                    }
                }
                out.push(Position::Paint(PaintPos { tree, white }));
            }
            for v in 0..p.white.len().min(LARGE) {
                if p.white[v] {
                    let mut white = p.white.clone();
                    white[v] = false;
                    out.push(Position::Paint(PaintPos {
                        tree: p.tree.clone(),
                        white,
                    }));
                }
            }
        }
        Position::Staircase(p) => staircase_candidates(p, &mut out),
        Position::Hackenbush(p) => hackenbush_candidates(p, &mut out),
    }
    out
}

fn staircase_candidates(p: &StaircasePos, out: &mut Vec<Position>) {
    let with = |f: &dyn Fn(&mut StaircasePos)| {
        let mut q = p.clone();
        f(&mut q);
        Position::Staircase(q)
    };
    if p.updates.len() > 16 {
        let half = p.updates.len() / 2;
        out.push(with(&|q| q.updates.truncate(half)));
        out.push(with(&|q| {
            q.updates.drain(..half);
        }));
    }
    if p.updates.len() <= LARGE {
        for i in (0..p.updates.len()).rev() {
            out.push(with(&|q| {
                q.updates.remove(i);
            }));
        }
    }
    if p.tree.len() > 2 {
        for (tree, map) in tree_reductions(&p.tree) {
            if tree.len() < 2 && !p.updates.is_empty() {
                continue;
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
            out.push(Position::Staircase(StaircasePos {
                tree,
                stones,
                cap: p.cap,
                updates,
            }));
        }
    }
    for y in lower(p.cap) {
        if y >= 1 {
            out.push(with(&|q| q.cap = y));
        }
    }
    if p.stones.len() > LARGE || p.updates.len() > LARGE {
        return;
    }
    for v in 1..p.stones.len() {
        for y in lower(p.stones[v]) {
            out.push(with(&|q| q.stones[v] = y));
        }
    }
    for i in 0..p.updates.len() {
        for y in lower(p.updates[i].1) {
            out.push(with(&|q| q.updates[i].1 = y));
        }
    }
}

fn hackenbush_candidates(p: &HackenbushPos, out: &mut Vec<Position>) {
    let with = |graphs: Vec<Graph>| Position::Hackenbush(HackenbushPos { graphs });
    if p.graphs.len() > 4 {
        let half = p.graphs.len() / 2;
        out.push(with(p.graphs[..half].to_vec()));
        out.push(with(p.graphs[half..].to_vec()));
    }
    let total: usize = p.graphs.iter().map(|g| g.edges.len()).sum();
    if total > LARGE {
        // Halve the biggest graph's edge list instead of one edge at a time.
        if let Some((i, g)) = p
            .graphs
            .iter()
            .enumerate()
            .max_by_key(|(_, g)| g.edges.len())
        {
            let mut graphs = p.graphs.clone();
            graphs[i].edges.truncate(g.edges.len() / 2);
            graphs[i] = graphs[i].trimmed();
            out.push(with(graphs));
        }
        return;
    }
    if p.graphs.len() > 1 {
        for i in 0..p.graphs.len() {
            let mut graphs = p.graphs.clone();
            graphs.remove(i);
            out.push(with(graphs));
        }
    }
    for i in 0..p.graphs.len() {
        let g = &p.graphs[i];
        let trimmed = g.trimmed();
        if trimmed != *g {
            let mut graphs = p.graphs.clone();
            graphs[i] = trimmed;
            out.push(with(graphs));
        }
        for j in 0..g.edges.len() {
            let mut graphs = p.graphs.clone();
            graphs[i].edges.remove(j);
            graphs[i] = graphs[i].trimmed();
            out.push(with(graphs));
        }
        // Contract a non-loop edge: merge its far end into its near end.
        for j in 0..g.edges.len() {
            let (a, b) = g.edges[j];
            if a == b {
                continue;
            }
            let (keep, gone) = if b == 0 { (b, a) } else { (a, b) };
            let map = |v: u32| {
                let v = if v == gone { keep } else { v };
                if v > gone {
                    v - 1
                } else {
                    v
                }
            };
            let edges = g
                .edges
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != j)
                .map(|(_, &(x, y))| (map(x), map(y)))
                .collect();
            let mut graphs = p.graphs.clone();
            graphs[i] = Graph { n: g.n - 1, edges };
            out.push(with(graphs));
        }
    }
}

/// Where the greedy loop looks first after a step that was taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resume {
    /// At the first candidate again: the biggest steps first, every time.
    FromStart,
    /// At the position of the step just taken, wrapping round: the candidates that just
    /// failed are tried last. With a program in the loop a run is dear, and the next
    /// step of a long shrink (one leaf after another) usually sits where the last one
    /// did; the result is 1-minimal all the same.
    AtLastStep,
}

/// The greedy loop shared by every shrink: take the first candidate that still fails,
/// start again from it, stop when none does (1-minimal). The candidates of one step come
/// as an iterator (most callers build them as a `Vec`; a large input is offered only its
/// halving steps, so that list stays short).
pub fn greedy<T: Clone>(
    start: T,
    candidates: impl for<'a> Fn(&'a T) -> Box<dyn Iterator<Item = T> + 'a>,
    fails: impl FnMut(&T) -> bool,
) -> Shrunk<T> {
    greedy_with(Resume::FromStart, start, candidates, fails)
}

/// [`greedy`], resuming after each step as `resume` says.
pub fn greedy_with<T: Clone>(
    resume: Resume,
    start: T,
    candidates: impl for<'a> Fn(&'a T) -> Box<dyn Iterator<Item = T> + 'a>,
    mut fails: impl FnMut(&T) -> bool,
) -> Shrunk<T> {
    let mut cur = start;
    let (mut steps, mut tries) = (0, 0);
    let mut from = 0;
    loop {
        let mut next = None;
        for (i, cand) in candidates(&cur).enumerate().skip(from) {
            tries += 1;
            if fails(&cand) {
                next = Some((i, cand));
                break;
            }
        }
        if next.is_none() && from > 0 {
            for (i, cand) in candidates(&cur).enumerate().take(from) {
                tries += 1;
                if fails(&cand) {
                    next = Some((i, cand));
                    break;
                }
            }
        }
        match next {
            Some((i, c)) => {
                cur = c;
                steps += 1;
                if resume == Resume::AtLastStep {
                    from = i;
                }
            }
            None => {
                return Shrunk {
                    case: cur,
                    steps,
                    tries,
                }
            }
        }
    }
}

/// Shrinks `case` while `fails` holds; `fails(&case)` is assumed true.
pub fn shrink(case: Position, fails: impl FnMut(&Position) -> bool) -> Shrunk<Position> {
    greedy(case, |p| Box::new(candidates(p).into_iter()), fails)
}

/// Shrinks an input of several test cases (`poj3710`): drop whole test cases first, then
/// shrink each one in place.
pub fn shrink_cases(
    cases: Vec<Position>,
    fails: impl FnMut(&[Position]) -> bool,
) -> Shrunk<Vec<Position>> {
    shrink_cases_with(Resume::FromStart, cases, fails)
}

/// [`shrink_cases`], resuming after each step as `resume` says.
pub fn shrink_cases_with(
    resume: Resume,
    cases: Vec<Position>,
    mut fails: impl FnMut(&[Position]) -> bool,
) -> Shrunk<Vec<Position>> {
    greedy_with(
        resume,
        cases,
        |cur: &Vec<Position>| {
            let drops = (0..if cur.len() > 1 { cur.len() } else { 0 }).map(move |i| {
                let mut cand = cur.clone();
                cand.remove(i);
                cand
            });
            let inner = (0..cur.len()).flat_map(move |i| {
                candidates(&cur[i]).into_iter().map(move |c| {
                    let mut cand = cur.clone();
                    cand[i] = c;
                    cand
                })
            });
            Box::new(drops.chain(inner))
        },
        |c: &Vec<Position>| fails(c),
    )
}
