//! Tree surgery: relabelling vertices, removing or contracting parts, the subtree below a
//! vertex. Used by each game's moves (`legal_moves` and `after`, in `game/GAME.rs`), the
//! shrinker and the generators. All loops, no recursion.

use crate::graph::Graph;
use crate::tree::Tree;

/// Marks `c` and every vertex below it.
pub fn subtree_mask(tree: &Tree, c: u32) -> Vec<bool> {
    let mut inside = vec![false; tree.len()];
    inside[c as usize] = true;
    for &v in tree.order() {
        if let Some(p) = tree.parent(v) {
            if inside[p as usize] {
                inside[v as usize] = true;
            }
        }
    }
    inside
}

/// The tree on the vertices with `keep[v]` (which must include the root and be closed
/// under parents), relabelled compactly in increasing old id; returns `map[old] = new`
/// (`u32::MAX` for dropped vertices).
pub fn induced(tree: &Tree, keep: &[bool]) -> (Tree, Vec<u32>) {
    let mut map = vec![u32::MAX; tree.len()];
    let mut next = 0u32;
    for v in 0..tree.len() {
        if keep[v] {
            map[v] = next;
            next += 1;
        }
    }
    let edges: Vec<(u32, u32)> = tree
        .edges()
        .into_iter()
        .filter(|&(_, c)| keep[c as usize])
        .map(|(p, c)| (map[p as usize], map[c as usize]))
        .collect();
    (
        Tree::from_edges(next as usize, &edges).expect("a parent-closed vertex set is a tree"),
        map,
    )
}

/// The tree with vertex `c` (not the root) merged into its parent; `map[old] = new`.
pub fn contract(tree: &Tree, c: u32) -> (Tree, Vec<u32>) {
    let p = tree.parent(c).expect("cannot contract the root");
    let mut map = vec![u32::MAX; tree.len()];
    let mut next = 0u32;
    for v in 0..tree.len() as u32 {
        if v != c {
            map[v as usize] = next;
            next += 1;
        }
    }
    map[c as usize] = map[p as usize];
    let edges: Vec<(u32, u32)> = tree
        .edges()
        .into_iter()
        .filter(|&(_, v)| v != c)
        .map(|(a, b)| (map[a as usize], map[b as usize]))
        .collect();
    (
        Tree::from_edges(next as usize, &edges).expect("contraction keeps a tree"),
        map,
    )
}

/// The tree with vertex ids permuted: old vertex v becomes `perm[v]`; `perm[0]` must be 0.
pub fn relabel(tree: &Tree, perm: &[u32]) -> Tree {
    let edges: Vec<(u32, u32)> = tree
        .edges()
        .into_iter()
        .map(|(a, b)| (perm[a as usize], perm[b as usize]))
        .collect();
    Tree::from_edges(tree.len(), &edges).expect("relabelling keeps a tree")
}

impl Graph {
    /// The graph without the vertices and edges not connected to the root, relabelled
    /// compactly (the root stays 0).
    pub fn trimmed(&self) -> Graph {
        if self.n == 0 {
            return self.clone();
        }
        let reached = self.cycle_cover().reached;
        let mut map = vec![u32::MAX; self.n as usize];
        let mut next = 0;
        for v in 0..self.n as usize {
            if reached[v] {
                map[v] = next;
                next += 1;
            }
        }
        Graph {
            n: next,
            edges: self
                .edges
                .iter()
                .filter(|&&(a, _)| reached[a as usize])
                .map(|&(a, b)| (map[a as usize], map[b as usize]))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::*;

    fn chain(n: usize) -> Tree {
        let e: Vec<(u32, u32)> = (1..n as u32).map(|v| (v - 1, v)).collect();
        Tree::from_edges(n, &e).unwrap()
    }

    #[test]
    fn cut_drops_the_subtree() {
        let p = CutPos { tree: chain(5) };
        assert_eq!(p.after(2).tree.len(), 2);
    }

    #[test]
    fn contract_merges_into_parent() {
        let (t, map) = contract(&chain(4), 2);
        assert_eq!(t.len(), 3);
        assert_eq!(map[2], map[1]);
        assert_eq!(t.parent(map[3]), Some(map[1]));
    }

    #[test]
    fn paint_blackens_the_path() {
        let p = PaintPos {
            tree: chain(3),
            white: vec![true; 3],
        };
        assert_eq!(p.after(1).white, vec![false, false, true]);
    }

    /// Vertex 0 with children 1 and 2; vertex 2 with children 3 and 4.
    fn fork() -> Tree {
        Tree::from_parents(&[u32::MAX, 0, 0, 2, 2]).unwrap()
    }

    #[test]
    fn chip_moves_go_from_each_occupied_vertex_to_each_child_once() {
        let p = ChipPos {
            tree: fork(),
            chips: vec![2, 0, 2, 4],
        };
        assert_eq!(p.legal_moves(), [(0, 1), (0, 2), (2, 3), (2, 4)]);
        // One chip moves: the first one on the vertex, the others stay.
        assert_eq!(p.after(2, 3).chips, [3, 0, 2, 4]);
        assert_eq!(p.after(0, 1).chips, [2, 1, 2, 4]);
    }

    #[test]
    fn cut_paint_and_hackenbush_list_their_legal_moves() {
        let cut = CutPos { tree: fork() };
        assert_eq!(cut.legal_moves(), [1, 2, 3, 4]);
        let paint = PaintPos {
            tree: fork(),
            white: vec![false, true, false, true, true],
        };
        assert_eq!(paint.legal_moves(), [1, 3, 4]);
        assert_eq!(paint.after(3).white, [false, true, false, false, true]);
        // Graph 1 is empty; in graph 2, edge 2 (3 4) is cut off from the root.
        let h = HackenbushPos {
            graphs: vec![
                Graph {
                    n: 0,
                    edges: vec![],
                },
                Graph {
                    n: 5,
                    edges: vec![(0, 1), (1, 1), (3, 4), (2, 1)],
                },
            ],
        };
        assert_eq!(h.legal_moves(), [(1, 0), (1, 1), (1, 3)]);
        assert_eq!(h.after(1, 0).graphs[1].edges, [(1, 1), (3, 4), (2, 1)]);
    }

    #[test]
    fn trimming_drops_what_the_root_cannot_reach_and_renumbers() {
        let g = Graph {
            n: 6,
            edges: vec![(0, 2), (3, 4), (2, 5), (5, 5), (4, 3)],
        };
        let t = g.trimmed();
        assert_eq!(t.n, 3);
        assert_eq!(t.edges, [(0, 1), (1, 2), (2, 2)]);
        let empty = Graph {
            n: 0,
            edges: vec![],
        };
        assert_eq!(empty.trimmed().n, 0);
        assert!(empty.trimmed().edges.is_empty());
    }
}
