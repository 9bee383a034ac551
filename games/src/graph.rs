//! Rooted undirected multigraphs (loops and parallel edges allowed) and the one iterative
//! depth-first search every graph algorithm of the project builds on.
//!
//! [`Graph::cycle_cover`] runs the search from the root and counts, for every tree edge,
//! how many back edges span it: a tree edge spanned by none is a bridge (the solver's
//! fusion), and a graph where none is spanned twice is a cactus (the `poj3710` validator).

/// A multigraph on vertices `0..n`; vertex 0 is the root (the ground).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Graph {
    /// Number of vertices.
    pub n: u32,
    /// Undirected edges `(a, b)`, in input order; `a == b` is a loop.
    pub edges: Vec<(u32, u32)>,
}

/// The depth-first forest of the part of a graph reachable from the root.
#[derive(Clone, Debug)]
pub struct CycleCover {
    /// Vertices reachable from the root, in preorder (the root first).
    pub order: Vec<u32>,
    /// For each vertex: the edge to its DFS parent (`u32::MAX` for the root and for
    /// vertices not reached).
    pub parent_edge: Vec<u32>,
    /// For each vertex: whether it is reachable from the root.
    pub reached: Vec<bool>,
    /// For each vertex v ≠ root: how many back edges span the tree edge above v.
    pub cover: Vec<u32>,
    /// Non-tree, non-loop edges between reached vertices, as `(edge, deeper end, upper end)`.
    pub back_edges: Vec<(u32, u32, u32)>,
}

/// Compressed adjacency of a graph: for each vertex, its `(neighbour, edge id)` pairs.
pub struct Adjacency {
    start: Vec<u32>,
    items: Vec<(u32, u32)>,
}

impl Adjacency {
    /// Builds the adjacency of `n` vertices and the given edges (a loop is listed once).
    pub fn new(n: usize, edges: &[(u32, u32)]) -> Adjacency {
        let mut start = vec![0u32; n + 1];
        for &(a, b) in edges {
            start[a as usize + 1] += 1;
            if a != b {
                start[b as usize + 1] += 1;
            }
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut items = vec![(0, 0); start[n] as usize];
        // Filled through `start[v + 1]`, which ends as the end of v's list: the start of
        // v + 1's before the fill. One array instead of a copy of it.
        for i in (1..=n).rev() {
            start[i] = start[i - 1];
        }
        for (e, &(a, b)) in edges.iter().enumerate() {
            let slot = &mut start[a as usize + 1];
            items[*slot as usize] = (b, e as u32);
            *slot += 1;
            if a != b {
                let slot = &mut start[b as usize + 1];
                items[*slot as usize] = (a, e as u32);
                *slot += 1;
            }
        }
        Adjacency { start, items }
    }

    /// The `(neighbour, edge)` pairs of `v`.
    pub fn of(&self, v: u32) -> &[(u32, u32)] {
        &self.items[self.start[v as usize] as usize..self.start[v as usize + 1] as usize]
    }
}

impl Graph {
    /// Degree of every vertex (a loop counts twice, as usual).
    pub fn degrees(&self) -> Vec<u32> {
        let mut d = vec![0u32; self.n as usize];
        for &(a, b) in &self.edges {
            d[a as usize] += 1;
            d[b as usize] += 1;
        }
        d
    }

    /// Iterative DFS from the root and the back-edge cover of every tree edge.
    pub fn cycle_cover(&self) -> CycleCover {
        let n = self.n as usize;
        let adj = Adjacency::new(n, &self.edges);
        let mut parent_edge = vec![u32::MAX; n];
        let mut reached = vec![false; n];
        // Per reached vertex: the position of the next neighbour to look at, `DONE` once
        // all are seen. The search's path is the chain of parent edges, so it needs no
        // stack of its own: a vertex is on the path exactly when reached and not done.
        const DONE: u32 = u32::MAX;
        let mut next = vec![0u32; n];
        let mut order = Vec::with_capacity(n);
        // Sized up front: a campaign fuses millions of small graphs, and growing these
        // vectors push by push was a tenth of a `hackenbush` case's instructions.
        let mut back_edges = Vec::with_capacity(self.edges.len().saturating_sub(n) + 1);
        // +1/−1 marks summed modulo 2^32: every final sum is a count of back edges.
        let mut cover = vec![0u32; n];
        if n > 0 {
            let mut v = 0u32;
            reached[0] = true;
            order.push(0);
            loop {
                let list = adj.of(v);
                let pos = next[v as usize];
                if pos as usize == list.len() {
                    next[v as usize] = DONE;
                    let pe = parent_edge[v as usize];
                    if pe == u32::MAX {
                        break;
                    }
                    v = self.other(pe, v);
                    continue;
                }
                next[v as usize] = pos + 1;
                let (w, e) = list[pos as usize];
                if w == v || e == parent_edge[v as usize] {
                    continue;
                }
                if !reached[w as usize] {
                    reached[w as usize] = true;
                    parent_edge[w as usize] = e;
                    order.push(w);
                    v = w;
                } else if next[w as usize] != DONE {
                    // w is an ancestor of v: a back edge seen from its deeper end.
                    back_edges.push((e, v, w));
                    cover[v as usize] = cover[v as usize].wrapping_add(1);
                    cover[w as usize] = cover[w as usize].wrapping_sub(1);
                }
            }
        }
        // Sum the +1/−1 marks bottom-up: the cover of the tree edge above v.
        for &v in order.iter().rev() {
            let e = parent_edge[v as usize];
            if e != u32::MAX {
                let (a, b) = self.edges[e as usize];
                let p = if a == v { b } else { a };
                cover[p as usize] = cover[p as usize].wrapping_add(cover[v as usize]);
            }
        }
        CycleCover {
            order,
            parent_edge,
            reached,
            cover,
            back_edges,
        }
    }

    /// The other end of edge `e` seen from `v`.
    pub fn other(&self, e: u32, v: u32) -> u32 {
        let (a, b) = self.edges[e as usize];
        if a == v {
            b
        } else {
            a
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_graph_has_an_empty_cover() {
        let cc = Graph {
            n: 0,
            edges: vec![],
        }
        .cycle_cover();
        assert!(cc.order.is_empty() && cc.reached.is_empty() && cc.back_edges.is_empty());
    }

    #[test]
    fn triangle_on_a_stalk() {
        // 0-1, triangle 1-2-3, and a vertex 4 cut off from the root.
        let g = Graph {
            n: 5,
            edges: vec![(0, 1), (1, 2), (2, 3), (3, 1)],
        };
        let c = g.cycle_cover();
        assert_eq!(c.order.len(), 4);
        assert!(!c.reached[4]);
        assert_eq!(c.cover[1], 0, "0-1 is a bridge");
        assert_eq!(c.back_edges.len(), 1);
        assert_eq!(c.cover[2] + c.cover[3], 2);
    }

    #[test]
    fn parallel_edges_are_a_cycle() {
        let g = Graph {
            n: 2,
            edges: vec![(0, 1), (1, 0), (1, 1)],
        };
        let c = g.cycle_cover();
        assert_eq!(c.cover[1], 1);
        assert_eq!(c.back_edges.len(), 1);
    }
}
