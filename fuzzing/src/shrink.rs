//! The structure-aware shrinker: from a failing case, try one simplification at a time —
//! drop a whole subtree (a leaf is a subtree), contract an edge, drop a graph, an edge, a
//! chip or an update, repaint a white vertex black, lower stone counts and L — keep the
//! first that still fails, and repeat until no single step does (the result is 1-minimal).
//!
//! It works for any failure predicate: solver vs oracle in a campaign, a mutant in
//! `selftest`, or an external program in the loop for `grundy check`.

use crate::room::{Lazy, Room};
use grundy_games::edit::{contract, induced, subtree_mask};
use grundy_games::kind::Kind;
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
pub(crate) const LARGE: usize = 2000;

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

/// A tree reduced: `(new tree, map old → new or u32::MAX)`.
pub(crate) type Reduced = (Tree, Vec<u32>);

/// The ways to make a tree smaller, biggest first, each built when tried.
pub(crate) fn tree_reductions(tree: &Tree) -> Vec<Lazy<'_, Reduced>> {
    let mut out: Vec<Lazy<'_, Reduced>> = Vec::new();
    let n = tree.len();
    // The path from the root to a deepest vertex alone: what a failure that needs depth
    // (deep recursion) keeps, in one step.
    out.push(Box::new(move || {
        deepest_path(tree).map(|keep| induced(tree, &keep))
    }));
    // Large trees first lose half, a quarter, an eighth of their vertices at once (a
    // breadth-first prefix is a subtree holding the root), so shrinking a 10^5-vertex
    // input takes logarithmically many steps, not linearly many.
    // Then the last 32, 16, …, 1 vertices of that order: a failure that needs just a
    // bit less than the whole input (the depth of a chain) shrinks by bisection.
    if n > 16 {
        for drop in bfs_tail_drops(n) {
            out.push(Box::new(move || {
                let mut keep = vec![false; n];
                for &v in &tree.order()[..n - drop] {
                    keep[v as usize] = true;
                }
                Some(induced(tree, &keep))
            }));
        }
    }
    if n > LARGE {
        return out;
    }
    let order = by_subtree_size(tree);
    for &c in &order {
        out.push(Box::new(move || {
            let keep: Vec<bool> = subtree_mask(tree, c).iter().map(|&x| !x).collect();
            Some(induced(tree, &keep))
        }));
    }
    for &c in &order {
        if !tree.children(c).is_empty() {
            out.push(Box::new(move || Some(contract(tree, c))));
        }
    }
    // Two sibling leaves at once: keeps the parity of a star, which single removals can't.
    for v in 0..n as u32 {
        let mut leaves = tree
            .children(v)
            .iter()
            .copied()
            .filter(|&c| tree.children(c).is_empty());
        if let (Some(a), Some(b)) = (leaves.next(), leaves.next()) {
            out.push(Box::new(move || {
                let mut keep = vec![true; n];
                keep[a as usize] = false;
                keep[b as usize] = false;
                Some(induced(tree, &keep))
            }));
        }
    }
    out
}

/// Smaller values to try for a count: 0, 1, half and one less.
pub(crate) fn lower(x: u64) -> Vec<u64> {
    let mut v = vec![0, 1, x / 2, x.saturating_sub(1)];
    v.retain(|&y| y < x);
    v.dedup();
    v
}

/// Every single-step simplification of a position, biggest first (built; see
/// [`lazy_candidates`] for the recipes).
pub fn candidates(pos: &Position) -> Vec<Position> {
    lazy_candidates(pos)
        .into_iter()
        .filter_map(|c| c())
        .collect()
}

/// A candidate that edits a copy of `p`.
pub(crate) fn edited<'a, P: Clone + 'a>(p: &'a P, edit: impl FnOnce(&mut P) + 'a) -> Lazy<'a, P> {
    Box::new(move || {
        let mut q = p.clone();
        edit(&mut q);
        Some(q)
    })
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
pub fn greedy<T>(
    start: T,
    candidates: impl for<'a> Fn(&'a T) -> Box<dyn Iterator<Item = T> + 'a>,
    fails: impl FnMut(&T) -> bool,
) -> Shrunk<T> {
    greedy_with(Resume::FromStart, start, candidates, fails)
}

/// [`greedy`], resuming after each step as `resume` says.
pub fn greedy_with<T>(
    resume: Resume,
    start: T,
    candidates: impl for<'a> Fn(&'a T) -> Box<dyn Iterator<Item = T> + 'a>,
    fails: impl FnMut(&T) -> bool,
) -> Shrunk<T> {
    greedy_lazy(resume, start, |t| built(candidates(t)), fails, &never)
}

/// Built candidates as recipes that hand them over.
fn built<'a, T: 'a>(
    it: Box<dyn Iterator<Item = T> + 'a>,
) -> Box<dyn Iterator<Item = Lazy<'a, T>> + 'a> {
    Box::new(it.map(|c| Box::new(move || Some(c)) as Lazy<'a, T>))
}

/// Never stops a shrink early (the `stop` of [`greedy_lazy`] for a shrink bounded only by
/// its candidates).
pub fn never() -> bool {
    false
}

/// The greedy loop over recipes ([`Lazy`]): only the candidate being tried is built, so
/// a shrink holds the current input and one candidate, and the recipes it skips
/// (resuming) cost nothing. Once `stop` says so (a time budget spent) no more recipe is
/// built: the shrink ends where it stands.
pub fn greedy_lazy<T>(
    resume: Resume,
    start: T,
    candidates: impl for<'a> Fn(&'a T) -> Box<dyn Iterator<Item = Lazy<'a, T>> + 'a>,
    mut fails: impl FnMut(&T) -> bool,
    stop: &dyn Fn() -> bool,
) -> Shrunk<T> {
    let mut cur = start;
    let (mut steps, mut tries) = (0, 0);
    let mut from = 0;
    loop {
        let mut next = None;
        let mut try_range = |cur: &T, skip: usize, take: usize| {
            for (i, recipe) in candidates(cur).enumerate().skip(skip).take(take) {
                if stop() {
                    return None;
                }
                let Some(cand) = recipe() else { continue };
                tries += 1;
                if fails(&cand) {
                    return Some((i, cand));
                }
            }
            None
        };
        if let Some(found) = try_range(&cur, from, usize::MAX) {
            next = Some(found);
        } else if from > 0 {
            next = try_range(&cur, 0, from);
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
    greedy_lazy(
        Resume::FromStart,
        case,
        |p| Box::new(lazy_candidates(p).into_iter()),
        fails,
        &never,
    )
}

/// Shrinks an input of several test cases (`poj3710`): drop whole test cases first, then
/// shrink each one in place.
pub fn shrink_cases(
    cases: Vec<Position>,
    fails: impl FnMut(&[Position]) -> bool,
) -> Shrunk<Vec<Position>> {
    shrink_cases_with(Resume::FromStart, cases, fails, &never)
}

/// [`shrink_cases`], resuming after each step as `resume` says, ending where it stands
/// once `stop` says so.
pub fn shrink_cases_with(
    resume: Resume,
    cases: Vec<Position>,
    mut fails: impl FnMut(&[Position]) -> bool,
    stop: &dyn Fn() -> bool,
) -> Shrunk<Vec<Position>> {
    greedy_lazy(
        resume,
        cases,
        |cur: &Vec<Position>| {
            let drops = (0..if cur.len() > 1 { cur.len() } else { 0 }).map(move |i| {
                Box::new(move || {
                    let mut cand = cur.clone();
                    cand.remove(i);
                    Some(cand)
                }) as Lazy<'_, Vec<Position>>
            });
            let inner = (0..cur.len()).flat_map(move |i| {
                lazy_candidates(&cur[i]).into_iter().map(move |c| {
                    Box::new(move || {
                        // The other cases copied, this one replaced (never a copy of
                        // the case being shrunk).
                        let mut new = Some(c()?);
                        let cand = (0..cur.len())
                            .map(|j| match j == i {
                                true => new.take().expect("once"),
                                false => cur[j].clone(),
                            })
                            .collect();
                        Some(cand)
                    }) as Lazy<'_, Vec<Position>>
                })
            });
            Box::new(drops.chain(inner))
        },
        |c: &Vec<Position>| fails(c),
        stop,
    )
}

/// The position cut to the first `n` vertices of its tree's breadth-first order (a
/// subtree holding the root), its per-vertex data kept ([`Room::reduced`]): the failing
/// input itself at a smaller size, for a threshold search that varies nothing else.
/// `None` for a game not played on one tree, or `n` not below its size.
pub fn prefix(pos: &Position, n: usize) -> Option<Position> {
    each_game!(pos.game(), G => {
        let p = G::pos(pos)?;
        let tree = G::tree(p)?;
        if n == 0 || n >= tree.len() {
            return None;
        }
        let mut keep = vec![false; tree.len()];
        for &v in &tree.order()[..n] {
            keep[v as usize] = true;
        }
        G::reduced(p, induced(tree, &keep)).map(G::position)
    })
}

/// The vertices of the tree [`prefix`] cuts, for a game played on one tree.
pub fn tree_size(pos: &Position) -> Option<usize> {
    each_game!(pos.game(), G => G::tree(G::pos(pos)?).map(|t| t.len()))
}

/// Every single-step simplification of a position, biggest first, each built only when
/// tried (the game's [`Room::shrink`]).
pub fn lazy_candidates(pos: &Position) -> Vec<Lazy<'_, Position>> {
    each_game!(pos.game(), G => {
        let p = G::pos(pos).expect("the position's own game");
        G::shrink(p)
            .into_iter()
            .map(|c| -> Lazy<'_, Position> { Box::new(move || c().map(G::position)) })
            .collect()
    })
}
