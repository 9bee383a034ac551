//! `hackenbush` (Green Hackenbush on sums of rooted multigraphs) in the campaign library:
//! see [`super::Room`]. The graph families it draws from are in `gen/graphs.rs`; its census
//! follows the solver's paths through the graph's 2-edge-connected components.

use super::Adversarial;
use super::Lazy;
use super::{b, Bucket};
use super::{holding, inverse, moves, pairs, values, Room};
use crate::exhaust::{graphs, Bounds};
use crate::gen::chain;
use crate::gen::{self, TreeShape};
use crate::gen::{root_fixing_permutation, Sizes};
use crate::rng::Rng;
use crate::shrink::{edited, LARGE};
use grundy_games::kind::Hackenbush;
use grundy_games::*;
use std::ops::ControlFlow;

impl Room for Hackenbush {
    const BUCKETS: &'static [Bucket] = &[
        b(
            "bridges-only",
            "a graph whose live edges are all bridges (a tree)",
        ),
        b("loop", "a loop (a cycle of 1 edge)"),
        b("parallel-pair", "a component that is 2 parallel edges"),
        b("short-cycle", "a component that is a cycle of 3 to 7 edges"),
        b(
            "long-cycle",
            "a component that is a cycle of 8 or more edges",
        ),
        b(
            "general",
            "a 2-edge-connected component that is not one cycle",
        ),
        b(
            "branch-off-entry",
            "an edge hanging from a cycle vertex other than the cycle's entry",
        ),
        b(
            "nested",
            "a cyclic component below another cyclic component",
        ),
        b(
            "several-general",
            "two or more general components in one graph",
        ),
        b("cut-off", "edges not connected to the root"),
        b("sum", "a sum of two or more graphs"),
        b("value-0", "a losing position with live edges"),
        b("value-4+", "a value of at least 4"),
        b("tied-moves", "two or more winning moves"),
    ];

    fn generate(rng: &mut Rng, sizes: &Sizes) -> (HackenbushPos, &'static str) {
        crate::gen::graphs::hackenbush(rng, sizes)
    }

    fn difference(e: &HackenbushAnswer, a: &HackenbushAnswer) -> Option<String> {
        values("value", e.value, a.value)
            .or_else(|| moves("winning moves (graph edge)", &e.moves, &a.moves, pairs))
    }

    /// Per graph: a vertex permutation, an edge order and edge orientations; the
    /// permutations kept are the edges' (new index of edge j).
    fn relabel(p: &HackenbushPos, rng: &mut Rng) -> (HackenbushPos, Vec<Vec<u32>>) {
        let mut graphs = Vec::with_capacity(p.graphs.len());
        let mut edge_perms = Vec::with_capacity(p.graphs.len());
        for g in &p.graphs {
            let vp = root_fixing_permutation(rng, g.n as usize);
            let mut order: Vec<u32> = (0..g.edges.len() as u32).collect();
            rng.shuffle(&mut order);
            let mut new_index = vec![0u32; order.len()];
            let mut edges = Vec::with_capacity(order.len());
            for (k, &j) in order.iter().enumerate() {
                new_index[j as usize] = k as u32;
                let (a, b) = g.edges[j as usize];
                let (a, b) = (vp[a as usize], vp[b as usize]);
                edges.push(if rng.chance(1, 2) { (a, b) } else { (b, a) });
            }
            graphs.push(Graph { n: g.n, edges });
            edge_perms.push(new_index);
        }
        (HackenbushPos { graphs }, edge_perms)
    }

    fn map_back(a: &HackenbushAnswer, perm: &[Vec<u32>]) -> HackenbushAnswer {
        let inv: Vec<Vec<u32>> = perm.iter().map(|p| inverse(p)).collect();
        let mut moves: Vec<(u32, u32)> = a
            .moves
            .iter()
            .map(|&(i, j)| (i, inv[i as usize][j as usize]))
            .collect();
        moves.sort_unstable();
        HackenbushAnswer {
            value: a.value,
            moves,
        }
    }

    fn census(p: &HackenbushPos, a: &HackenbushAnswer) -> Vec<&'static str> {
        let mut found = Vec::new();
        for g in &p.graphs {
            found.extend(Components::of(g).buckets());
        }
        let live = p.graphs.iter().any(|g| {
            let cc = g.cycle_cover();
            g.edges.iter().any(|&(x, _)| cc.reached[x as usize])
        });
        found.extend(holding(&[
            ("sum", p.graphs.len() >= 2),
            ("value-0", a.value == 0 && live),
            ("value-4+", a.value >= 4),
            ("tied-moves", a.moves.len() >= 2),
        ]));
        found
    }

    fn shrink(p: &HackenbushPos) -> Vec<Lazy<'_, HackenbushPos>> {
        let mut out: Vec<Lazy<'_, HackenbushPos>> = Vec::new();
        let k = p.graphs.len();
        if k > 4 {
            let half = k / 2;
            out.push(edited(p, move |q| q.graphs.truncate(half)));
            out.push(edited(p, move |q| {
                q.graphs.drain(..half);
            }));
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
                let half = g.edges.len() / 2;
                out.push(edited(p, move |q| {
                    q.graphs[i].edges.truncate(half);
                    q.graphs[i] = q.graphs[i].trimmed();
                }));
            }
            return out;
        }
        if k > 1 {
            for i in 0..k {
                out.push(edited(p, move |q| {
                    q.graphs.remove(i);
                }));
            }
        }
        for i in 0..k {
            let g = &p.graphs[i];
            if g.trimmed() != *g {
                out.push(edited(p, move |q| q.graphs[i] = q.graphs[i].trimmed()));
            }
            for j in 0..g.edges.len() {
                out.push(edited(p, move |q| {
                    q.graphs[i].edges.remove(j);
                    q.graphs[i] = q.graphs[i].trimmed();
                }));
            }
            for j in 0..g.edges.len() {
                if g.edges[j].0 != g.edges[j].1 {
                    out.push(edited(p, move |q| {
                        q.graphs[i] = contracted(&q.graphs[i], j)
                    }));
                }
            }
        }
        out
    }

    fn adversarial(
        rng: &mut Rng,
        problem: Problem,
        lim: &InputBounds,
        _max: usize,
    ) -> Vec<Adversarial> {
        let mut out = Vec::new();
        let (cases, graphs, verts, edges) = if problem == Problem::Poj3710 {
            (
                40,
                lim.graphs.1 as usize,
                lim.vertices.1 as usize,
                lim.edges.1 as usize,
            )
        } else {
            (1, 10, 20_000, 30_000)
        };
        out.push(Adversarial {
            name: "many test cases of the most graphs of the most vertices",
            cases: (0..cases)
                .map(|_| {
                    Position::Hackenbush(HackenbushPos {
                        graphs: (0..graphs)
                            .map(|_| gen::graphs::christmas(rng, verts, edges))
                            .collect(),
                    })
                })
                .collect(),
        });
        let long: Vec<Graph> = (0..graphs.min(10))
            .map(|_| {
                let t = chain(verts);
                Graph {
                    n: verts as u32,
                    edges: t.edges(),
                }
            })
            .collect();
        out.push(Adversarial {
            name: "long chains (deep recursion)",
            cases: vec![Position::Hackenbush(HackenbushPos { graphs: long })],
        });
        out
    }

    /// A sum of one to three graphs of about `n` edges in all.
    fn interactive(rng: &mut Rng, n: usize, _: Option<TreeShape>) -> Option<HackenbushPos> {
        let sizes = Sizes {
            vertices: n,
            edges: n,
            graphs: rng.range(1, 3) as usize,
            ..Sizes::SMALL
        };
        Some(Self::generate(rng, &sizes).0)
    }

    fn shape(_: &HackenbushPos) -> &'static str {
        "cactus"
    }

    fn bounds(b: &Bounds) -> Vec<(&'static str, u64)> {
        vec![("edges", b.edges as u64)]
    }

    /// One graph at a time: every multigraph of [`graphs`] on at most 8 vertices.
    fn enumerate(
        b: &Bounds,
        f: &mut dyn FnMut(HackenbushPos) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        graphs(b.max_nodes.min(8) as u32, b.edges, |g| {
            f(HackenbushPos { graphs: vec![g] })
        })
    }
}

/// `g` with its non-loop edge `j` contracted: the far end merged into the near end (the
/// root is kept), the vertices above it renumbered down by one.
fn contracted(g: &Graph, j: usize) -> Graph {
    let (a, b) = g.edges[j];
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
        .filter(|&(e, _)| e != j)
        .map(|(_, &(x, y))| (map(x), map(y)))
        .collect();
    Graph { n: g.n - 1, edges }
}

/// The 2-edge-connected components of one graph's live part, found from the back-edge
/// cover of a DFS: a tree edge covered by no back edge is a bridge.
struct Components {
    /// Per component: vertices, internal edges, depth in cyclic components above it
    /// (itself included when cyclic).
    parts: Vec<Part>,
    /// Edges hanging from a cycle vertex other than the cycle's entry.
    branch_off_entry: bool,
    /// Edges not connected to the root.
    cut_off: bool,
    /// Live edges in all.
    live: usize,
}

#[derive(Clone, Copy, Default)]
struct Part {
    vertices: u32,
    edges: u32,
    nesting: u32,
    entry: u32,
}

impl Components {
    fn of(g: &Graph) -> Components {
        let cc = g.cycle_cover();
        let n = g.n as usize;
        let mut comp = vec![u32::MAX; n];
        let mut parent = Vec::new();
        let mut parts: Vec<Part> = Vec::new();
        for &v in &cc.order {
            let pe = cc.parent_edge[v as usize];
            let up = (pe != u32::MAX).then(|| comp[g.other(pe, v) as usize]);
            match up {
                Some(c) if cc.cover[v as usize] != 0 => comp[v as usize] = c,
                _ => {
                    comp[v as usize] = parts.len() as u32;
                    parent.push(up);
                    parts.push(Part {
                        entry: v,
                        ..Part::default()
                    });
                }
            }
            parts[comp[v as usize] as usize].vertices += 1;
        }
        let mut live = 0;
        let mut cut_off = false;
        for (e, &(x, y)) in g.edges.iter().enumerate() {
            if !cc.reached[x as usize] {
                cut_off = true;
                continue;
            }
            live += 1;
            let bridge = [x, y]
                .iter()
                .any(|&v| cc.parent_edge[v as usize] == e as u32 && cc.cover[v as usize] == 0);
            if !bridge {
                parts[comp[x as usize] as usize].edges += 1;
            }
        }
        // Components come in DFS preorder, so a parent is settled before its children.
        for c in 0..parts.len() {
            let above = parent[c].map_or(0, |p| parts[p as usize].nesting);
            parts[c].nesting = above + u32::from(parts[c].edges > 0);
        }
        let mut branch_off_entry = false;
        for &v in &cc.order {
            let pe = cc.parent_edge[v as usize];
            if pe == u32::MAX || cc.cover[v as usize] != 0 {
                continue;
            }
            let u = g.other(pe, v);
            let part = parts[comp[u as usize] as usize];
            branch_off_entry |= part.edges == part.vertices && part.edges >= 3 && u != part.entry;
        }
        Components {
            parts,
            branch_off_entry,
            cut_off,
            live,
        }
    }

    fn buckets(&self) -> Vec<&'static str> {
        let cycle = |len: std::ops::RangeInclusive<u32>| {
            self.parts
                .iter()
                .any(|p| p.edges == p.vertices && len.contains(&p.edges))
        };
        let general = self.parts.iter().filter(|p| p.edges > p.vertices).count();
        holding(&[
            (
                "bridges-only",
                self.live > 0 && self.parts.iter().all(|p| p.edges == 0),
            ),
            ("loop", cycle(1..=1)),
            ("parallel-pair", cycle(2..=2)),
            ("short-cycle", cycle(3..=7)),
            ("long-cycle", cycle(8..=u32::MAX)),
            ("general", general >= 1),
            ("branch-off-entry", self.branch_off_entry),
            ("nested", self.parts.iter().any(|p| p.nesting >= 2)),
            ("several-general", general >= 2),
            ("cut-off", self.cut_off),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: u32, edges: &[(u32, u32)]) -> Graph {
        Graph {
            n,
            edges: edges.to_vec(),
        }
    }

    fn names(g: Graph) -> Vec<&'static str> {
        Components::of(&g).buckets()
    }

    #[test]
    fn a_tree_is_bridges_only() {
        assert_eq!(names(graph(3, &[(0, 1), (1, 2)])), ["bridges-only"]);
        assert!(names(graph(1, &[])).is_empty());
    }

    #[test]
    fn cycles_are_bucketed_by_length() {
        assert_eq!(names(graph(1, &[(0, 0)])), ["loop"]);
        assert_eq!(names(graph(2, &[(0, 1), (1, 0)])), ["parallel-pair"]);
        let c8: Vec<(u32, u32)> = (0..8).map(|i| (i, (i + 1) % 8)).collect();
        assert_eq!(names(graph(8, &c8)), ["long-cycle"]);
    }

    #[test]
    fn a_branch_off_the_entry_and_nesting_are_seen() {
        // Root 0 - triangle 1,2,3 entered at 1; a stalk from 2 to 4; below 4 a loop.
        let g = graph(5, &[(0, 1), (1, 2), (2, 3), (3, 1), (2, 4), (4, 4)]);
        let found = names(g);
        for want in ["short-cycle", "loop", "branch-off-entry", "nested"] {
            assert!(found.contains(&want), "{want} missing from {found:?}");
        }
        assert!(!found.contains(&"general"));
    }

    #[test]
    fn a_figure_eight_is_one_general_component_and_cut_off_edges_count() {
        // Two triangles sharing the root; edge 5-6 cut off.
        let g = graph(7, &[(0, 1), (1, 2), (2, 0), (0, 3), (3, 4), (4, 0), (5, 6)]);
        assert_eq!(names(g), ["general", "cut-off"]);
    }
}
