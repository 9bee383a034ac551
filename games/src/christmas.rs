//! The `poj3710` structure constraint: each graph is a connected cactus without loops in
//! which no two vertices of one cycle both have degree ≥ 3 (a "Christmas tree").
//!
//! Checked with the back-edge cover of [`Graph::cycle_cover`]: a tree edge spanned by two
//! back edges lies on two cycles. Cycles are then walked explicitly, which is O(m) in a
//! cactus because its cycles share no edge.

use crate::graph::Graph;

/// What breaks the Christmas-tree constraint, in words (ids 1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotChristmas(pub String);

impl std::fmt::Display for NotChristmas {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NotChristmas {}

impl From<String> for NotChristmas {
    fn from(s: String) -> NotChristmas {
        NotChristmas(s)
    }
}

/// Checks the Christmas-tree constraint; the error says what is wrong, 1-based.
pub fn validate(g: &Graph) -> Result<(), NotChristmas> {
    if let Some(j) = g.edges.iter().position(|&(a, b)| a == b) {
        return Err(format!("edge {} is a loop at vertex {}", j + 1, g.edges[j].0 + 1).into());
    }
    let c = g.cycle_cover();
    if let Some(v) = c.reached.iter().position(|&r| !r) {
        return Err(format!("vertex {} is not connected to vertex 1", v + 1).into());
    }
    if let Some(v) = (1..g.n as usize).find(|&v| c.cover[v] > 1) {
        let e = c.parent_edge[v];
        return Err(format!(
            "edge {} lies on two cycles (the graph must be a cactus)",
            e + 1
        )
        .into());
    }
    let deg = g.degrees();
    for &(_, low, high) in &c.back_edges {
        let mut heavy = Vec::new();
        let mut v = low;
        loop {
            if deg[v as usize] >= 3 {
                heavy.push(v);
            }
            if v == high {
                break;
            }
            v = g.other(c.parent_edge[v as usize], v);
        }
        if heavy.len() >= 2 {
            return Err(format!(
                "vertices {} and {} lie on one cycle and both have degree ≥ 3",
                heavy[1] + 1,
                heavy[0] + 1
            )
            .into());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(n: u32, edges: &[(u32, u32)]) -> Graph {
        Graph {
            n,
            edges: edges.to_vec(),
        }
    }

    #[test]
    fn accepts_the_statement_sample() {
        assert!(validate(&g(4, &[(0, 1), (1, 2), (1, 3), (2, 3)])).is_ok());
        assert!(validate(&g(2, &[(0, 1), (0, 1)])).is_ok());
    }

    #[test]
    fn rejects_non_christmas_graphs() {
        // Two triangles sharing edge 1-2: not a cactus.
        let e = validate(&g(4, &[(0, 1), (1, 2), (2, 0), (1, 3), (3, 2)])).unwrap_err();
        assert!(e.0.contains("two cycles"), "{e}");
        // Square whose two opposite corners carry pendant edges.
        let e = validate(&g(6, &[(0, 1), (1, 2), (2, 3), (3, 0), (1, 4), (3, 5)])).unwrap_err();
        assert!(e.0.contains("degree"), "{e}");
        assert!(validate(&g(3, &[(0, 1)]))
            .unwrap_err()
            .0
            .contains("not connected"));
        assert!(validate(&g(2, &[(0, 1), (1, 1)]))
            .unwrap_err()
            .0
            .contains("loop"));
    }
}
