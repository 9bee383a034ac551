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

use grundy_games::{Graph, HackenbushAnswer, HackenbushPos};

const NONE: u32 = u32::MAX;
const NO_NEED: u64 = u64::MAX;

/// A graph with its 2-edge-connected components fused.
#[derive(Clone, Debug)]
pub struct Fusion {
    /// Component of every vertex (`NONE` for vertices cut off from the root).
    pub comp: Vec<u32>,
    /// Parent component of every component (`NONE` for the root's).
    pub parent: Vec<u32>,
    /// The bridge from a component to its parent (`NONE` for the root's).
    pub bridge: Vec<u32>,
    /// g(C) of every component, with its subtree of components hanging below.
    pub value: Vec<u64>,
    /// Per edge: connected to the root (still in play).
    pub live: Vec<bool>,
    /// Per edge: a bridge.
    pub is_bridge: Vec<bool>,
}

/// Fuses `g`; `weight[x]` is the value of a stalk hanging from vertex x (0 for none).
pub fn fuse(g: &Graph, weight: &[u64]) -> Fusion {
    let n = g.n as usize;
    let cc = g.cycle_cover();
    let mut comp = vec![NONE; n];
    let mut parent = Vec::new();
    let mut bridge = Vec::new();
    let mut value = Vec::new();
    let mut is_bridge = vec![false; g.edges.len()];
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
                comp[v as usize] = value.len() as u32;
                parent.push(attach.unwrap_or(NONE));
                bridge.push(pe);
                value.push(0u64);
                if pe != NONE {
                    is_bridge[pe as usize] = true;
                }
            }
        }
        value[comp[v as usize] as usize] ^= weight.get(v as usize).copied().unwrap_or(0);
    }
    let live: Vec<bool> = g
        .edges
        .iter()
        .map(|&(a, _)| cc.reached[a as usize])
        .collect();
    for (e, &(a, _)) in g.edges.iter().enumerate() {
        if live[e] && !is_bridge[e] {
            value[comp[a as usize] as usize] ^= 1;
        }
    }
    for c in (1..value.len()).rev() {
        let p = parent[c] as usize;
        value[p] ^= value[c] + 1;
    }
    Fusion {
        comp,
        parent,
        bridge,
        value,
        live,
        is_bridge,
    }
}

/// The value of one graph.
pub fn graph_value(g: &Graph) -> u64 {
    if g.n == 0 {
        return 0;
    }
    fuse(g, &[]).value[0]
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
    let f = fuse(g, &[]);
    let (need, mut moves) = bridge_moves(&f, target);
    // Internal edges, grouped by component.
    let comps = f.value.len();
    let mut internal: Vec<Vec<u32>> = vec![Vec::new(); comps];
    for (e, &(a, _)) in g.edges.iter().enumerate() {
        let c = f.comp[a as usize];
        if f.live[e] && !f.is_bridge[e] && need[c as usize] != NO_NEED {
            internal[c as usize].push(e as u32);
        }
    }
    if internal.iter().any(|v| !v.is_empty()) {
        internal_moves(g, &f, &need, &internal, &mut moves);
    }
    moves.sort_unstable();
    moves
}

/// Top-down over the components: the value each component must take for the whole to
/// reach `target` ([`NO_NEED`] below a component that cannot), and the bridges whose
/// removal reaches it.
fn bridge_moves(f: &Fusion, target: u64) -> (Vec<u64>, Vec<u32>) {
    let comps = f.value.len();
    let mut need = vec![NO_NEED; comps];
    need[0] = target;
    let mut moves = Vec::new();
    for d in 1..comps {
        let p = f.parent[d] as usize;
        if need[p] == NO_NEED {
            continue;
        }
        let t = need[p] ^ f.value[p] ^ (f.value[d] + 1);
        if t == 0 {
            moves.push(f.bridge[d]);
        } else {
            need[d] = t - 1;
        }
    }
    (need, moves)
}

/// The internal edges (`internal`, per component) whose removal leaves their component
/// with the value it needs: a cycle all at once, any other component by fusing it again
/// without the edge, with the stalks hanging below its vertices as weights.
fn internal_moves(
    g: &Graph,
    f: &Fusion,
    need: &[u64],
    internal: &[Vec<u32>],
    moves: &mut Vec<u32>,
) {
    let comps = f.value.len();
    // Stalk value hanging from each vertex: its child components' (g(D) + 1).
    let mut stalk = vec![0u64; g.n as usize];
    for d in 1..comps {
        let (a, b) = g.edges[f.bridge[d] as usize];
        let x = if f.comp[a as usize] == f.parent[d] {
            a
        } else {
            b
        };
        stalk[x as usize] ^= f.value[d] + 1;
    }
    let mut local = vec![NONE; g.n as usize];
    // The vertices of every component, gathered once.
    let mut members: Vec<Vec<u32>> = vec![Vec::new(); comps];
    for v in 0..g.n {
        let c = f.comp[v as usize];
        if c != NONE && !internal[c as usize].is_empty() {
            members[c as usize].push(v);
        }
    }
    for (c, edges) in internal.iter().enumerate() {
        if edges.is_empty() {
            continue;
        }
        // The component's vertices with its entry vertex first (local id 0).
        let entry = if c == 0 {
            0
        } else {
            let (a, b) = g.edges[f.bridge[c] as usize];
            if f.comp[a as usize] == c as u32 {
                a
            } else {
                b
            }
        };
        let members = &members[c];
        if edges.len() == members.len() {
            // A 2-edge-connected component with as many edges as vertices is one
            // cycle: every removal leaves two chains, valued all at once (linear).
            cycle_moves(g, entry, edges, &stalk, need[c], moves);
            continue;
        }
        let mut verts = vec![entry];
        local[entry as usize] = 0;
        for &v in members {
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
            if fuse(&sub, &weights).value[0] == need[c] {
                moves.push(e);
            }
        }
    }
}

/// The edges of the cycle `edges` (entered at `entry`, stalk values `stalk` on its
/// vertices) whose removal leaves the component with value `need`.
fn cycle_moves(
    g: &Graph,
    entry: u32,
    edges: &[u32],
    stalk: &[u64],
    need: u64,
    moves: &mut Vec<u32>,
) {
    // Walk the cycle from the entry: c_1..c_m and the edges e_0..e_m between them.
    let mut ends: std::collections::HashMap<u32, Vec<u32>> = std::collections::HashMap::new();
    for &e in edges {
        let (a, b) = g.edges[e as usize];
        ends.entry(a).or_default().push(e);
        ends.entry(b).or_default().push(e);
    }
    let mut order_edges = Vec::with_capacity(edges.len());
    let mut weights = Vec::with_capacity(edges.len());
    let mut v = entry;
    let mut came = u32::MAX;
    loop {
        let e = *ends[&v]
            .iter()
            .find(|&&e| e != came)
            .unwrap_or(&ends[&v][0]);
        order_edges.push(e);
        v = g.other(e, v);
        came = e;
        if v == entry {
            break;
        }
        weights.push(stalk[v as usize]);
    }
    let m = weights.len();
    let forward = crate::chain::prefix_values(&weights);
    let reversed: Vec<u64> = weights.iter().rev().copied().collect();
    let backward = crate::chain::prefix_values(&reversed);
    let w0 = stalk[entry as usize];
    for (i, &e) in order_edges.iter().enumerate() {
        // Removing e_i leaves c_1..c_i on one side and c_m..c_{i+1} on the other.
        if w0 ^ forward[i] ^ backward[m - i] == need {
            moves.push(e);
        }
    }
}

/// Value and every winning move of the sum.
pub fn solve(pos: &HackenbushPos) -> HackenbushAnswer {
    let values: Vec<u64> = pos.graphs.iter().map(graph_value).collect();
    let total = values.iter().fold(0, |a, &b| a ^ b);
    let mut moves = Vec::new();
    if total != 0 {
        for (i, g) in pos.graphs.iter().enumerate() {
            for e in moves_to(g, total ^ values[i]) {
                moves.push((i as u32, e));
            }
        }
    }
    HackenbushAnswer {
        value: total,
        moves,
    }
}
