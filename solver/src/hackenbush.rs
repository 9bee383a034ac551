//! `hackenbush` (Green Hackenbush on rooted multigraphs, POJ 3710) by the fusion principle,
//! which holds for any graph, not only cacti: every 2-edge-connected component fuses into
//! one vertex whose internal edges become loops worth 1 each (so they count by parity),
//! and the bridge tree is then valued by the colon principle
//! g(C) = parity(C) ⊕ ⊕_{child D} (g(D) + 1).
//!
//! Bridges come from the back-edge cover of one iterative DFS ([`Graph::cycle_cover`]).
//! Edges not connected to the root at the start have already fallen: they are not moves.
//!
//! Winning moves: bridges by the top-down "need" rule of `cut` on the bridge tree; an edge
//! inside a component C by re-fusing C without that edge, with the branches hanging from
//! C's vertices replaced by stalks of equal value (colon principle). A component that is a
//! single cycle (every cactus, POJ 3710's Christmas trees) is done in O(|C| log) by valuing
//! the two remaining chains for every cut at once ([`crate::chain`]); any other component
//! costs O(|E_C| · (|V_C| + |E_C|)), quadratic only in the size of that component.

use grundy_games::graph::CycleCover;
use grundy_games::{Graph, HackenbushAnswer, HackenbushPos};

const NONE: u32 = u32::MAX;
const NO_NEED: u64 = u64::MAX;

/// A graph with its 2-edge-connected components fused.
#[derive(Clone, Debug)]
pub struct Fusion {
    /// Component of every vertex (`NONE` for vertices cut off from the root).
    pub comp: Vec<u32>,
    /// The components, the root's first, each after its parent.
    pub comps: Vec<Component>,
    /// The depth-first search the fusion came from (its back edges are the cycles).
    pub cover: CycleCover,
}

/// A 2-edge-connected component of a fused graph.
#[derive(Clone, Copy, Debug)]
pub struct Component {
    /// Its parent component (`NONE` for the root's).
    pub parent: u32,
    /// The bridge from it to its parent (`NONE` for the root's).
    pub bridge: u32,
    /// g(C), with its subtree of components hanging below.
    pub value: u64,
}

impl Fusion {
    /// Whether edge `e` of `g` (the graph fused) is connected to the root (still in play).
    pub fn live(&self, g: &Graph, e: usize) -> bool {
        self.cover.reached[g.edges[e].0 as usize]
    }

    /// Whether edge `e` of `g` lies inside a component: live and not a bridge.
    pub fn is_internal(&self, g: &Graph, e: usize) -> bool {
        inside(&self.cover.reached, &self.comp, g.edges[e])
    }
}

/// Whether the edge `(a, b)` lies inside a component: live (its ends reached) and with both
/// ends in the same component (a bridge joins two).
fn inside(reached: &[bool], comp: &[u32], (a, b): (u32, u32)) -> bool {
    reached[a as usize] && comp[a as usize] == comp[b as usize]
}

/// Fuses `g`; `weight[x]` is the value of a stalk hanging from vertex x (0 for none).
pub fn fuse(g: &Graph, weight: &[u64]) -> Fusion {
    let n = g.n as usize;
    let cc = g.cycle_cover();
    let mut comp = vec![NONE; n];
    // At most one component a vertex.
    let mut comps: Vec<Component> = Vec::with_capacity(n);
    for &v in &cc.order {
        let pe = cc.parent_edge[v as usize];
        let attach = if pe == NONE {
            None
        } else {
            Some(comp[g.other(pe, v) as usize])
        };
        match attach {
            Some(pc) if cc.cover[v as usize] != 0 => comp[v as usize] = pc,
            _ => {
                comp[v as usize] = comps.len() as u32;
                comps.push(Component {
                    parent: attach.unwrap_or(NONE),
                    bridge: pe,
                    value: 0,
                });
            }
        }
        comps[comp[v as usize] as usize].value ^= weight.get(v as usize).copied().unwrap_or(0);
    }
    // An edge inside a component is a loop worth 1 once fused.
    for &(a, b) in &g.edges {
        if inside(&cc.reached, &comp, (a, b)) {
            comps[comp[a as usize] as usize].value ^= 1;
        }
    }
    for c in (1..comps.len()).rev() {
        let p = comps[c].parent as usize;
        comps[p].value ^= comps[c].value + 1;
    }
    Fusion {
        comp,
        comps,
        cover: cc,
    }
}

/// The value of one graph.
pub fn graph_value(g: &Graph) -> u64 {
    if g.n == 0 {
        return 0;
    }
    fuse(g, &[]).comps[0].value
}

/// The value of the sum.
pub fn value(pos: &HackenbushPos) -> u64 {
    pos.graphs.iter().fold(0, |acc, g| acc ^ graph_value(g))
}

/// The edges of graph `g` whose removal leaves the graph with value `target`, ascending.
pub fn moves_to(g: &Graph, target: u64) -> Vec<u32> {
    if g.n == 0 {
        return Vec::new();
    }
    moves_of_fused(g, &fuse(g, &[]), target)
}

/// [`moves_to`] with the graph already fused (`f = fuse(g, &[])`, `g.n > 0`).
fn moves_of_fused(g: &Graph, f: &Fusion, target: u64) -> Vec<u32> {
    let (need, mut moves) = bridge_moves(f, target, g.edges.len());
    // Whether each component has internal edges whose removal matters.
    let mut internal = vec![false; f.comps.len()];
    for (e, &(a, _)) in g.edges.iter().enumerate() {
        let c = f.comp[a as usize];
        if f.is_internal(g, e) && need[c as usize] != NO_NEED {
            internal[c as usize] = true;
        }
    }
    if internal.contains(&true) {
        internal_moves(g, f, &need, &internal, &mut moves);
    }
    moves.sort_unstable();
    moves
}

/// Top-down over the components: the value each component must take for the whole to
/// reach `target` ([`NO_NEED`] below a component that cannot), and the bridges whose
/// removal reaches it.
fn bridge_moves(f: &Fusion, target: u64, edges: usize) -> (Vec<u64>, Vec<u32>) {
    let comps = f.comps.len();
    let mut need = vec![NO_NEED; comps];
    need[0] = target;
    // Room for every edge of the graph: the internal moves join these.
    let mut moves = Vec::with_capacity(edges);
    for d in 1..comps {
        let p = f.comps[d].parent as usize;
        if need[p] == NO_NEED {
            continue;
        }
        let t = need[p] ^ f.comps[p].value ^ (f.comps[d].value + 1);
        if t == 0 {
            moves.push(f.comps[d].bridge);
        } else {
            need[d] = t - 1;
        }
    }
    (need, moves)
}

/// The internal edges whose removal leaves their component (one with `internal` set)
/// with the value it needs: every cactus component at once ([`cactus_moves`]), any other
/// component by fusing it again without each edge, with the stalks hanging below its
/// vertices as weights.
fn internal_moves(g: &Graph, f: &Fusion, need: &[u64], internal: &[bool], moves: &mut Vec<u32>) {
    let comps = f.comps.len();
    // Stalk value hanging from each vertex: its child components' (g(D) + 1).
    let mut stalk = vec![0u64; g.n as usize];
    for d in 1..comps {
        let (a, b) = g.edges[f.comps[d].bridge as usize];
        let x = if f.comp[a as usize] == f.comps[d].parent {
            a
        } else {
            b
        };
        stalk[x as usize] ^= f.comps[d].value + 1;
    }
    let cactus = cactus_moves(g, f, need, internal, &stalk, moves);
    let rest: Vec<bool> = (0..comps).map(|c| internal[c] && !cactus[c]).collect();
    if !rest.contains(&true) {
        return;
    }
    // What is left is not a cactus: every removal fused again (quadratic in the
    // component's size).
    let mut edges_of: Vec<Vec<u32>> = vec![Vec::new(); comps];
    for (e, &(a, _)) in g.edges.iter().enumerate() {
        // A live edge's end is reached, so it has a component.
        let c = f.comp[a as usize] as usize;
        if f.is_internal(g, e) && rest[c] {
            edges_of[c].push(e as u32);
        }
    }
    let mut members: Vec<Vec<u32>> = vec![Vec::new(); comps];
    for v in 0..g.n {
        let c = f.comp[v as usize];
        if c != NONE && rest[c as usize] {
            members[c as usize].push(v);
        }
    }
    let mut local = vec![NONE; g.n as usize];
    for (c, edges) in edges_of.iter().enumerate() {
        if edges.is_empty() {
            continue;
        }
        // The component's vertices with its entry vertex first (local id 0).
        let entry = if c == 0 {
            0
        } else {
            let (a, b) = g.edges[f.comps[c].bridge as usize];
            if f.comp[a as usize] == c as u32 {
                a
            } else {
                b
            }
        };
        let mut verts = vec![entry];
        local[entry as usize] = 0;
        for &v in &members[c] {
            if v != entry {
                local[v as usize] = verts.len() as u32;
                verts.push(v);
            }
        }
        let weights: Vec<u64> = verts.iter().map(|&v| stalk[v as usize]).collect();
        let mapped: Vec<(u32, u32)> = edges
            .iter()
            .map(|&e| {
                let (a, b) = g.edges[e as usize];
                (local[a as usize], local[b as usize])
            })
            .collect();
        for (i, &e) in edges.iter().enumerate() {
            let mut without = mapped.clone();
            without.remove(i);
            let sub = Graph {
                n: verts.len() as u32,
                edges: without,
            };
            if fuse(&sub, &weights).comps[0].value == need[c] {
                moves.push(e);
            }
        }
    }
}

/// A cycle walked from its entry through the edges `e_0..e_m` and the vertices
/// `c_1..c_m` (stalk weights `weights`), everything else worth `w0` at the entry: the
/// edges whose removal leaves the value `need`. Removing e_i leaves two chains, valued
/// all at once by prefix values from both ends (linear); a short ring's chains are
/// valued one by one, without allocating.
fn ring_moves(order_edges: &[u32], weights: &[u64], w0: u64, need: u64, moves: &mut Vec<u32>) {
    use crate::chain::{from_far_end, SHORT};
    let m = weights.len();
    if m <= SHORT {
        for (i, &e) in order_edges.iter().enumerate() {
            // c_1..c_i, entered at c_1; c_m..c_{i+1}, entered at c_m.
            let near = from_far_end(weights[..i].iter().rev().copied());
            let far = from_far_end(weights[i..].iter().copied());
            if w0 ^ near ^ far == need {
                moves.push(e);
            }
        }
        return;
    }
    ring_moves_by_prefixes(order_edges, weights, w0, need, moves);
}

/// [`ring_moves`] by prefix values from both ends: linear in the ring's length.
fn ring_moves_by_prefixes(
    order_edges: &[u32],
    weights: &[u64],
    w0: u64,
    need: u64,
    moves: &mut Vec<u32>,
) {
    let m = weights.len();
    let forward = crate::chain::prefix_values(weights);
    let reversed: Vec<u64> = weights.iter().rev().copied().collect();
    let backward = crate::chain::prefix_values(&reversed);
    for (i, &e) in order_edges.iter().enumerate() {
        // Removing e_i leaves c_1..c_i on one side and c_m..c_{i+1} on the other.
        if w0 ^ forward[i] ^ backward[m - i] == need {
            moves.push(e);
        }
    }
}

/// The cycles of the cactus components, flat: each one's top vertex and edges (the back
/// edge last, a loop alone), and the cycle below each vertex's parent edge.
struct Cycles {
    top: Vec<u32>,
    /// Cycle `id`'s edges are `edges[start[id]..start[id + 1]]`.
    start: Vec<u32>,
    edges: Vec<u32>,
    /// Per vertex: the cycle holding its parent edge (`NONE`: none).
    of: Vec<u32>,
}

impl Cycles {
    fn edges(&self, id: usize) -> &[u32] {
        &self.edges[self.start[id] as usize..self.start[id + 1] as usize]
    }

    fn len(&self) -> usize {
        self.top.len()
    }
}

/// The cycles of the cactus components. A tree edge on two cycles marks its component
/// as not a cactus in `is_cactus`.
fn cycles(g: &Graph, f: &Fusion, is_cactus: &mut [bool]) -> Cycles {
    let cc = &f.cover;
    let mut c = Cycles {
        top: Vec::with_capacity(cc.back_edges.len()),
        start: Vec::with_capacity(cc.back_edges.len() + 1),
        edges: Vec::with_capacity(g.edges.len()),
        of: vec![NONE; g.n as usize],
    };
    c.start.push(0);
    for &(e, low, high) in &cc.back_edges {
        let k = f.comp[high as usize] as usize;
        if !is_cactus[k] {
            continue;
        }
        let id = c.top.len() as u32;
        let from = c.edges.len();
        let mut v = low;
        while v != high {
            if c.of[v as usize] != NONE {
                is_cactus[k] = false;
                break;
            }
            c.of[v as usize] = id;
            let pe = cc.parent_edge[v as usize];
            c.edges.push(pe);
            v = g.other(pe, v);
        }
        c.edges[from..].reverse();
        c.edges.push(e);
        c.top.push(high);
        c.start.push(c.edges.len() as u32);
    }
    for (e, &(a, b)) in g.edges.iter().enumerate() {
        if a == b && f.live(g, e) {
            c.top.push(a);
            c.edges.push(e as u32);
            c.start.push(c.edges.len() as u32);
        }
    }
    c
}

/// The moves inside every component (with `internal` set) that is a cactus: cycles glued
/// at shared vertices, loops included; returns which components were handled (the
/// others are not cacti).
///
/// A 2-edge-connected component fuses into its entry vertex: its value is the parity of
/// its edges XOR every stalk hanging from its vertices. The cycles of a cactus component
/// form a tree (each cycle entered at its top vertex); with F(C) the value the cycle C and
/// everything hanging below it bring to C's top when fused, removing an edge of C changes
/// the component's value from `value` to `value ⊕ F(C) ⊕ h`, where h is the value of C
/// opened into two chains whose vertices carry what hangs below them — the single-cycle
/// computation of [`ring_moves`] with `w0 = value ⊕ F(C)`. All of it is linear.
fn cactus_moves(
    g: &Graph,
    f: &Fusion,
    need: &[u64],
    internal: &[bool],
    stalk: &[u64],
    moves: &mut Vec<u32>,
) -> Vec<bool> {
    let n = g.n as usize;
    let cc = &f.cover;
    let mut is_cactus = internal.to_vec();
    let cycles = cycles(g, f, &mut is_cactus);
    // F(C) bottom-up (reverse preorder: every vertex after its descendants): a vertex's
    // weight W is its stalk and the F of the cycles topped at it; a cycle's F is the
    // parity of its edges and the weights of its vertices below the top. The cycles
    // topped at each vertex are a list threaded through `next_topped`.
    let mut first_topped = vec![NONE; n];
    let mut next_topped = vec![NONE; cycles.len()];
    for (id, &t) in cycles.top.iter().enumerate() {
        next_topped[id] = first_topped[t as usize];
        first_topped[t as usize] = id as u32;
    }
    let mut fused = vec![0u64; cycles.len()];
    let mut weight = vec![0u64; n];
    for &x in cc.order.iter().rev() {
        let mut w = stalk[x as usize];
        let mut id = first_topped[x as usize];
        while id != NONE {
            fused[id as usize] ^= (cycles.edges(id as usize).len() & 1) as u64;
            w ^= fused[id as usize];
            id = next_topped[id as usize];
        }
        weight[x as usize] = w;
        let id = cycles.of[x as usize];
        if id != NONE {
            fused[id as usize] ^= w;
        }
    }
    let mut weights = Vec::new();
    for (id, &top) in cycles.top.iter().enumerate() {
        let edges = cycles.edges(id);
        let k = f.comp[top as usize] as usize;
        if !is_cactus[k] || need[k] == NO_NEED {
            continue;
        }
        // c_1..c_m from the top down the tree path (the back edge closes the ring).
        weights.clear();
        let mut v = top;
        for &e in &edges[..edges.len() - 1] {
            v = g.other(e, v);
            weights.push(weight[v as usize]);
        }
        ring_moves(
            edges,
            &weights,
            f.comps[k].value ^ fused[id],
            need[k],
            moves,
        );
    }
    is_cactus
}

/// Value and every winning move of the sum.
pub fn solve(pos: &HackenbushPos) -> HackenbushAnswer {
    // Each graph fused once, for its value and for its moves.
    let fused: Vec<Option<Fusion>> = pos
        .graphs
        .iter()
        .map(|g| (g.n > 0).then(|| fuse(g, &[])))
        .collect();
    let total = fused
        .iter()
        .flatten()
        .fold(0, |acc, f| acc ^ f.comps[0].value);
    let mut moves = Vec::new();
    if total != 0 {
        moves.reserve(pos.graphs.iter().map(|g| g.edges.len()).sum());
        for (i, (g, f)) in pos.graphs.iter().zip(&fused).enumerate() {
            let Some(f) = f else { continue };
            for e in moves_of_fused(g, f, total ^ f.comps[0].value) {
                moves.push((i as u32, e));
            }
        }
    }
    HackenbushAnswer {
        value: total,
        moves,
    }
}

impl crate::Solve for grundy_games::kind::Hackenbush {
    fn solve(p: &HackenbushPos) -> HackenbushAnswer {
        solve(p)
    }

    fn value(p: &HackenbushPos) -> u64 {
        value(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Which components `cactus_moves` takes: every cactus component (a flower of cycles
    /// and loops at one vertex, cycles hanging from cycles), never one that is not (K4).
    #[test]
    fn cactus_components_are_taken_whole_and_others_left_to_refusion() {
        let handled = |g: &Graph| {
            let f = fuse(g, &[]);
            let need = vec![0; f.comps.len()];
            let internal = vec![true; f.comps.len()];
            let stalk = vec![0; g.n as usize];
            cactus_moves(g, &f, &need, &internal, &stalk, &mut Vec::new())
        };
        // Two triangles and a loop at the root, a 2-cycle below one of them.
        let flower = Graph {
            n: 6,
            edges: vec![
                (0, 1),
                (1, 2),
                (2, 0),
                (0, 3),
                (3, 4),
                (4, 0),
                (0, 0),
                (4, 5),
                (5, 4),
            ],
        };
        assert_eq!(handled(&flower), [true]);
        let k4 = Graph {
            n: 4,
            edges: vec![(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)],
        };
        assert_eq!(handled(&k4), [false]);
    }

    /// A graph without vertices (what a shrink step can leave) is worth 0 and offers no
    /// move.
    #[test]
    fn an_empty_graph_in_a_sum_is_worth_nothing() {
        let pos = HackenbushPos {
            graphs: vec![
                Graph {
                    n: 0,
                    edges: vec![],
                },
                Graph {
                    n: 2,
                    edges: vec![(0, 1)],
                },
            ],
        };
        let a = solve(&pos);
        assert_eq!((a.value, a.moves), (1, vec![(1, 0)]));
    }

    /// A short ring's moves, chain by chain, are the moves by prefix values from both
    /// ends (the path of long rings), for every target value a ring can need.
    #[test]
    fn short_rings_agree_with_the_prefix_values() {
        let mut seed = 11u64;
        let mut next = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        let mut found = 0;
        for m in 0..=crate::chain::SHORT {
            for _ in 0..30 {
                let weights: Vec<u64> = (0..m).map(|_| next(3) * next(5)).collect();
                let edges: Vec<u32> = (0..=m as u32).collect();
                let w0 = next(4);
                for need in 0..8 {
                    let (mut short, mut long) = (Vec::new(), Vec::new());
                    ring_moves(&edges, &weights, w0, need, &mut short);
                    ring_moves_by_prefixes(&edges, &weights, w0, need, &mut long);
                    assert_eq!(short, long, "{weights:?} w0 {w0} need {need}");
                    found += short.len();
                }
            }
        }
        assert!(
            found > 500,
            "only {found} moves: the comparison is too thin"
        );
    }
}
