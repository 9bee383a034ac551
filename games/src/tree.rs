//! Rooted trees built from undirected edge lists (any order, either orientation) or from
//! parent arrays, without recursion: union-find rejects cycles, a breadth-first pass
//! orients the edges away from the root (vertex 0).
//!
//! The layout is flat (compressed children lists, a BFS order) so that every algorithm over
//! a tree is a loop over `order()` forwards (top-down) or backwards (bottom-up), which is
//! how a chain of a million vertices stays safe.

/// Marker for "no parent" (the root).
pub const NONE: u32 = u32::MAX;

/// A rooted tree on vertices `0..n`, rooted at 0. Two trees are equal when every vertex
/// has the same parent (the order children are listed in is not part of the tree).
#[derive(Clone, Debug)]
pub struct Tree {
    parent: Vec<u32>,
    depth: Vec<u32>,
    order: Vec<u32>,
    child_start: Vec<u32>,
    children: Vec<u32>,
}

/// Why a list of edges is not a tree; `edge` indexes the offending edge in the input list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeError {
    /// Index of the edge that closes a cycle (or the last edge when the count is wrong).
    pub edge: usize,
    /// What is wrong.
    pub kind: TreeErrorKind,
}

/// The ways an edge list can fail to be a tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeErrorKind {
    /// The edge joins a vertex to itself.
    SelfLoop,
    /// The edge joins two vertices that are already connected.
    Cycle,
    /// There are not exactly n − 1 edges.
    WrongCount,
}

impl std::fmt::Display for TreeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.kind {
            TreeErrorKind::SelfLoop => write!(f, "a tree has no self-loop"),
            TreeErrorKind::Cycle => write!(
                f,
                "this edge closes a cycle (the edges must form a tree, connected and acyclic)"
            ),
            TreeErrorKind::WrongCount => write!(f, "a tree on n vertices has n − 1 edges"),
        }
    }
}

/// Disjoint sets with path halving and union by size; iterative throughout.
pub struct UnionFind {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl UnionFind {
    /// `n` singleton sets.
    pub fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n as u32).collect(),
            size: vec![1; n],
        }
    }

    /// Back to singleton sets, keeping the memory.
    pub fn reset(&mut self) {
        for (i, (p, s)) in self.parent.iter_mut().zip(&mut self.size).enumerate() {
            *p = i as u32;
            *s = 1;
        }
    }

    /// The representative of `x`'s set.
    pub fn find(&mut self, mut x: u32) -> u32 {
        while self.parent[x as usize] != x {
            let p = self.parent[x as usize];
            self.parent[x as usize] = self.parent[p as usize];
            x = self.parent[x as usize];
        }
        x
    }

    /// Joins the sets of `a` and `b`; false when they were already one set.
    pub fn union(&mut self, a: u32, b: u32) -> bool {
        let (mut a, mut b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        if self.size[a as usize] < self.size[b as usize] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b as usize] = a;
        self.size[a as usize] += self.size[b as usize];
        true
    }
}

impl PartialEq for Tree {
    fn eq(&self, other: &Tree) -> bool {
        self.parent == other.parent
    }
}

impl Eq for Tree {}

impl Tree {
    /// The tree on `n ≥ 1` vertices with the given undirected edges, rooted at 0.
    pub fn from_edges(n: usize, edges: &[(u32, u32)]) -> Result<Tree, TreeError> {
        assert!(n >= 1, "a tree has at least one vertex");
        let mut uf = UnionFind::new(n);
        for (i, &(a, b)) in edges.iter().enumerate() {
            if a == b {
                return Err(TreeError {
                    edge: i,
                    kind: TreeErrorKind::SelfLoop,
                });
            }
            if !uf.union(a, b) {
                return Err(TreeError {
                    edge: i,
                    kind: TreeErrorKind::Cycle,
                });
            }
        }
        if edges.len() + 1 != n {
            return Err(TreeError {
                edge: edges.len().saturating_sub(1),
                kind: TreeErrorKind::WrongCount,
            });
        }
        // Compressed adjacency, then BFS from the root to orient every edge.
        let mut start = vec![0u32; n + 1];
        for &(a, b) in edges {
            start[a as usize + 1] += 1;
            start[b as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut adj = vec![0u32; 2 * edges.len()];
        for &(a, b) in edges {
            adj[fill[a as usize] as usize] = b;
            fill[a as usize] += 1;
            adj[fill[b as usize] as usize] = a;
            fill[b as usize] += 1;
        }
        let mut parent = vec![NONE; n];
        let mut order = Vec::with_capacity(n);
        order.push(0u32);
        let mut head = 0;
        while head < order.len() {
            let v = order[head] as usize;
            head += 1;
            for &w in &adj[start[v] as usize..start[v + 1] as usize] {
                if w != parent[v] {
                    parent[w as usize] = v as u32;
                    order.push(w);
                }
            }
        }
        debug_assert_eq!(order.len(), n);
        Ok(Tree::from_oriented(parent, order))
    }

    /// The tree whose vertex `i ≥ 1` has parent `parent[i]` (`parent[0]` is ignored).
    pub fn from_parents(parent: &[u32]) -> Result<Tree, TreeError> {
        let edges: Vec<(u32, u32)> = (1..parent.len()).map(|i| (parent[i], i as u32)).collect();
        Tree::from_edges(parent.len(), &edges)
    }

    /// Completes a tree from parents and a top-down order (children lists and depths).
    fn from_oriented(parent: Vec<u32>, order: Vec<u32>) -> Tree {
        let n = parent.len();
        let mut child_start = vec![0u32; n + 1];
        for &p in &parent {
            if p != NONE {
                child_start[p as usize + 1] += 1;
            }
        }
        for i in 0..n {
            child_start[i + 1] += child_start[i];
        }
        let mut fill = child_start.clone();
        let mut children = vec![0u32; n.saturating_sub(1)];
        let mut depth = vec![0u32; n];
        for &v in &order {
            let p = parent[v as usize];
            if p != NONE {
                children[fill[p as usize] as usize] = v;
                fill[p as usize] += 1;
                depth[v as usize] = depth[p as usize] + 1;
            }
        }
        Tree {
            parent,
            depth,
            order,
            child_start,
            children,
        }
    }

    /// The single-vertex tree.
    pub fn single() -> Tree {
        Tree::from_oriented(vec![NONE], vec![0])
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// Always false: a tree has a root.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The parent of `v`, or `None` for the root.
    pub fn parent(&self, v: u32) -> Option<u32> {
        match self.parent[v as usize] {
            NONE => None,
            p => Some(p),
        }
    }

    /// Raw parent array (`NONE` at the root).
    pub fn parents(&self) -> &[u32] {
        &self.parent
    }

    /// The children of `v`, in breadth-first order.
    pub fn children(&self, v: u32) -> &[u32] {
        &self.children
            [self.child_start[v as usize] as usize..self.child_start[v as usize + 1] as usize]
    }

    /// Distance from the root.
    pub fn depth(&self, v: u32) -> u32 {
        self.depth[v as usize]
    }

    /// All vertices, parents before children (breadth-first from the root).
    pub fn order(&self) -> &[u32] {
        &self.order
    }

    /// The edges as `(parent, child)`, by increasing child id.
    pub fn edges(&self) -> Vec<(u32, u32)> {
        (1..self.len() as u32)
            .filter_map(|v| self.parent(v).map(|p| (p, v)))
            .collect()
    }

    /// The same undirected tree rooted at `r` (vertex ids unchanged; the root becomes
    /// vertex 0 only through relabelling, so this returns the relabelling too:
    /// `map[old] = new`, with `r` ↦ 0 and 0 ↦ r).
    pub fn rerooted(&self, r: u32) -> (Tree, Vec<u32>) {
        let n = self.len();
        let mut map: Vec<u32> = (0..n as u32).collect();
        map.swap(0, r as usize);
        let edges: Vec<(u32, u32)> = self
            .edges()
            .into_iter()
            .map(|(a, b)| (map[a as usize], map[b as usize]))
            .collect();
        (
            Tree::from_edges(n, &edges).expect("relabelling keeps a tree"),
            map,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reset_union_find_has_singleton_sets_again() {
        let mut uf = UnionFind::new(4);
        assert!(uf.union(0, 1) && uf.union(2, 3) && uf.union(1, 3));
        uf.reset();
        assert!((0..4).all(|x| uf.find(x) == x));
        assert!(uf.union(3, 0) && !uf.union(0, 3));
    }

    #[test]
    fn trees_are_equal_exactly_when_their_parents_are() {
        let chain = Tree::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
        let star = Tree::from_edges(3, &[(0, 1), (0, 2)]).unwrap();
        assert_ne!(chain, star);
        assert!(!chain.is_empty() && chain.len() == 3);
        assert_eq!(chain, Tree::from_edges(3, &[(2, 1), (1, 0)]).unwrap());
    }

    #[test]
    fn builds_from_unordered_edges() {
        let t = Tree::from_edges(5, &[(3, 4), (1, 0), (2, 1), (1, 3)]).unwrap();
        assert_eq!(t.parent(4), Some(3));
        assert_eq!(t.parent(2), Some(1));
        assert_eq!(t.parent(0), None);
        assert_eq!(t.depth(4), 3);
        assert_eq!(t.order()[0], 0);
        let mut c = t.children(1).to_vec();
        c.sort();
        assert_eq!(c, vec![2, 3]);
    }

    #[test]
    fn rejects_cycles_and_loops() {
        let e = Tree::from_edges(4, &[(0, 1), (1, 2), (2, 0)]).unwrap_err();
        assert_eq!((e.edge, e.kind), (2, TreeErrorKind::Cycle));
        let e = Tree::from_edges(2, &[(1, 1)]).unwrap_err();
        assert_eq!(e.kind, TreeErrorKind::SelfLoop);
        let e = Tree::from_parents(&[NONE, 2, 1]).unwrap_err();
        assert_eq!(e.kind, TreeErrorKind::Cycle);
    }

    #[test]
    fn deep_chain_without_recursion() {
        let n = 1_000_000;
        let edges: Vec<(u32, u32)> = (1..n as u32).map(|v| (v, v - 1)).collect();
        let t = Tree::from_edges(n, &edges).unwrap();
        assert_eq!(t.depth(n as u32 - 1), n as u32 - 1);
    }
}
