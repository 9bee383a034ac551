//! Rooted trees, top-down: each leaf takes the next column, a vertex sits above the middle
//! of its children's columns, each depth is a row — no two vertices overlap, and the
//! picture is as wide as the tree has leaves. Past [`MOST_DRAWN`] vertices the picture is
//! a summary (vertices, depth, largest degree) instead. Both walks are loops over the
//! breadth-first order.

use crate::svg;
use grundy_games::Tree;
use std::fmt::Write as _;

/// Trees with more vertices are summarized, not drawn.
pub const MOST_DRAWN: usize = 400;

/// How one vertex is drawn: its fill, a note written beside it, its label, a ring.
#[derive(Clone, Debug)]
pub struct VertexStyle {
    /// The circle's fill colour.
    pub fill: &'static str,
    /// A note beside the vertex (`2 chip`, `5 stones`).
    pub note: Option<String>,
    /// Its label (default: its 1-based index in the tree).
    pub label: Option<String>,
    /// A thick ring around it in this colour (a move's mark: winning, losing).
    pub ring: Option<&'static str>,
    /// The edge from its parent drawn thick in this colour (a move along that edge: a
    /// chip moved down it).
    pub up: Option<&'static str>,
}

impl Default for VertexStyle {
    fn default() -> VertexStyle {
        VertexStyle {
            fill: "#ffffff",
            note: None,
            label: None,
            ring: None,
            up: None,
        }
    }
}

const COLUMN: f64 = 40.0;
const ROW: f64 = 60.0;
const MARGIN: f64 = 30.0;

/// Each vertex's column (in units of one leaf) and depth.
fn layout(tree: &Tree) -> (Vec<f64>, Vec<u32>) {
    let n = tree.len();
    let order = tree.order();
    let mut leaves = vec![1usize; n];
    for &v in order.iter().rev() {
        let kids = tree.children(v);
        if !kids.is_empty() {
            leaves[v as usize] = kids.iter().map(|&c| leaves[c as usize]).sum();
        }
    }
    // The first column of each vertex's block of leaves, handed down the BFS order.
    let mut start = vec![0usize; n];
    let mut x = vec![0f64; n];
    let depth: Vec<u32> = (0..n as u32).map(|v| tree.depth(v)).collect();
    for &v in order {
        let mut next = start[v as usize];
        for &c in tree.children(v) {
            start[c as usize] = next;
            next += leaves[c as usize];
        }
        x[v as usize] = start[v as usize] as f64 + (leaves[v as usize] as f64 - 1.0) / 2.0;
    }
    (x, depth)
}

/// An SVG picture of a rooted tree (vertex 0 on top, labelled 1), each vertex styled by
/// `style`.
pub fn tree_svg(tree: &Tree, style: &dyn Fn(u32) -> VertexStyle) -> String {
    let n = tree.len();
    if n > MOST_DRAWN {
        return summary(tree);
    }
    let (x, depth) = layout(tree);
    let columns = x.iter().fold(0f64, |m, &c| m.max(c)) + 1.0;
    let rows = depth.iter().copied().max().unwrap_or(0) as f64 + 1.0;
    let at = |v: u32| {
        (
            MARGIN + x[v as usize] * COLUMN,
            MARGIN + depth[v as usize] as f64 * ROW,
        )
    };
    let styles: Vec<VertexStyle> = (0..n as u32).map(style).collect();
    let mut body = String::new();
    for v in 0..n as u32 {
        if let Some(p) = tree.parent(v) {
            let ((x1, y1), (x2, y2)) = (at(p), at(v));
            let stroke = match styles[v as usize].up {
                Some(c) => format!("class=\"ring\" stroke=\"{c}\" stroke-width=\"4\""),
                None => "stroke=\"#000000\"".to_string(),
            };
            let _ = writeln!(
                body,
                "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" {stroke}/>"
            );
        }
    }
    for v in 0..n as u32 {
        let (cx, cy) = at(v);
        let s = &styles[v as usize];
        if let Some(ring) = s.ring {
            let _ = writeln!(
                body,
                "<circle class=\"ring\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"18\" fill=\"none\" stroke=\"{ring}\" stroke-width=\"4\"/>"
            );
        }
        let label = s.label.clone().unwrap_or_else(|| (v + 1).to_string());
        svg::vertex(&mut body, cx, cy, s.fill, &label);
        if let Some(note) = &s.note {
            svg::text(&mut body, cx + 16.0, cy + 16.0, "start", note);
        }
    }
    svg::document(
        2.0 * MARGIN + (columns - 1.0) * COLUMN + 60.0,
        2.0 * MARGIN + (rows - 1.0) * ROW + 20.0,
        &body,
    )
}

/// The picture of a tree too large to draw: what it is, in words.
fn summary(tree: &Tree) -> String {
    let n = tree.len() as u32;
    let depth = (0..n).map(|v| tree.depth(v)).max().unwrap_or(0);
    let degree = (0..n)
        .map(|v| tree.children(v).len() + usize::from(tree.parent(v).is_some()))
        .max()
        .unwrap_or(0);
    let mut body = String::new();
    svg::text(
        &mut body,
        20.0,
        30.0,
        "start",
        &format!("a tree of {n} vertices: too many to draw (at most {MOST_DRAWN})"),
    );
    svg::text(
        &mut body,
        20.0,
        50.0,
        "start",
        &format!("depth {depth}, largest degree {degree}"),
    );
    svg::document(520.0, 70.0, &body)
}

/// The tree as indented text, vertex 1 first (`├── `, `└── `), when it has at most
/// `most` vertices.
pub fn text_tree(tree: &Tree, most: usize) -> Option<String> {
    let n = tree.len();
    if n > most || n == 0 {
        return None;
    }
    let mut out = String::new();
    // (vertex, its prefix, whether it is its parent's last child); the root alone first.
    let mut stack: Vec<(u32, String, bool)> = vec![(0, String::new(), true)];
    while let Some((v, prefix, last)) = stack.pop() {
        if v == 0 {
            out.push_str("1\n");
        } else {
            let branch = if last { "└── " } else { "├── " };
            let _ = writeln!(out, "{prefix}{branch}{}", v + 1);
        }
        let below = if v == 0 {
            String::new()
        } else if last {
            format!("{prefix}    ")
        } else {
            format!("{prefix}│   ")
        };
        let kids = tree.children(v);
        for (k, &c) in kids.iter().enumerate().rev() {
            stack.push((c, below.clone(), k + 1 == kids.len()));
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(parent: &[u32]) -> Tree {
        Tree::from_parents(parent).unwrap()
    }

    #[test]
    fn a_small_tree_as_text() {
        let t = tree(&[u32::MAX, 0, 0, 1]);
        assert_eq!(text_tree(&t, 10).unwrap(), "1\n├── 2\n│   └── 4\n└── 3\n");
        assert_eq!(text_tree(&t, 3), None);
    }

    #[test]
    fn every_vertex_and_edge_is_drawn_and_none_overlap() {
        let t = tree(&[u32::MAX, 0, 0, 1, 1, 2, 5, 5]);
        let svg = tree_svg(&t, &|_| VertexStyle::default());
        assert_eq!(svg.matches("<circle").count(), 8);
        assert_eq!(svg.matches("<line").count(), 7);
        let (x, depth) = layout(&t);
        for a in 0..8 {
            for b in a + 1..8 {
                assert!(x[a] != x[b] || depth[a] != depth[b], "{a} and {b} overlap");
            }
        }
    }

    #[test]
    fn a_chain_of_a_million_vertices_is_summarized() {
        let parent: Vec<u32> = (0..1_000_000u32)
            .map(|i| if i == 0 { u32::MAX } else { i - 1 })
            .collect();
        let svg = tree_svg(&tree(&parent), &|_| VertexStyle::default());
        assert!(svg.contains("a tree of 1000000 vertices"));
        assert!(svg.contains("depth 999999, largest degree 2"));
    }
}
