//! Drawings of grundy's positions, for people who would rather look than read: an SVG
//! picture of every position kind grundy reads (rooted trees laid out top-down, with
//! their colours, chips and stones; Hackenbush multigraphs with loops and parallel edges),
//! and a small text tree for a terminal report; and charts of measurements (a sequence of
//! values, a growth series with its fitted curve). Vertices carry the input's own ids
//! (1-based). Every layout is a loop over an explicit order (no recursion: a chain of 10^6
//! vertices is drawn as its summary in linear time).
//!
//! `grundy check` writes the drawing of each group's witness beside the saved input
//! (NAME.svg) and prints the text tree of a small one.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod chart;
mod graph;
mod schema;
mod svg;
mod tree;

pub use chart::{chart_svg, Chart};
pub use graph::graphs_svg;
pub use schema::instance_svg;
pub use tree::{text_tree, tree_svg, VertexStyle};

use grundy_games::Position;

/// An SVG picture of a position: its tree with each game's per-vertex data (a colouring,
/// chips, stones), or its graphs side by side.
pub fn position_svg(pos: &Position) -> String {
    match pos {
        Position::Cut(p) => tree_svg(&p.tree, &|_| VertexStyle::default()),
        Position::Paint(p) => tree_svg(&p.tree, &|v| VertexStyle {
            fill: if p.white.get(v as usize).copied().unwrap_or(false) {
                "#ffffff"
            } else {
                "#333333"
            },
            note: None,
        }),
        Position::Chip(p) => {
            let mut chips = vec![0usize; p.tree.len()];
            for &c in &p.chips {
                if let Some(k) = chips.get_mut(c as usize) {
                    *k += 1;
                }
            }
            tree_svg(&p.tree, &|v| VertexStyle {
                fill: if chips[v as usize] > 0 {
                    "#f5c542"
                } else {
                    "#ffffff"
                },
                note: (chips[v as usize] > 0).then(|| format!("{} chip", chips[v as usize])),
            })
        }
        Position::Staircase(p) => tree_svg(&p.tree, &|v| VertexStyle {
            fill: "#ffffff",
            note: p
                .stones
                .get(v as usize)
                .filter(|&&s| s > 0)
                .map(|s| format!("{s} stones")),
        }),
        Position::Hackenbush(p) => graph::graphs_svg(&p.graphs),
    }
}

/// The text tree of a position's tree when it has at most `most` vertices (`None` for a
/// larger one, or a position on graphs).
pub fn position_text(pos: &Position, most: usize) -> Option<String> {
    let tree = match pos {
        Position::Cut(p) => &p.tree,
        Position::Paint(p) => &p.tree,
        Position::Chip(p) => &p.tree,
        Position::Staircase(p) => &p.tree,
        Position::Hackenbush(_) => return None,
    };
    text_tree(tree, most)
}
