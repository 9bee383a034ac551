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
pub use graph::{graphs_svg, graphs_svg_marked};
pub use schema::{instance_svg, instance_svg_marked};
pub use tree::{text_tree, tree_svg, VertexStyle, MOST_DRAWN};

use grundy_games::board::{Move, View};
use grundy_games::Position;

/// An SVG picture of a position: its tree with each game's per-vertex data (a colouring,
/// chips, stones), or its graphs side by side.
pub fn position_svg(pos: &Position) -> String {
    position_svg_marked(pos, Ids::default(), &|_| None)
}

/// The input's ids of a position that renumbers them (what fell is gone): for `cut`, the
/// input's id of each vertex; for `hackenbush`, per graph the input's index of each edge
/// (0-based). `None`: the ids are the input's.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ids<'a> {
    /// The input's id of each vertex of the tree.
    pub vertices: Option<&'a [u32]>,
    /// The input's index of each edge of each graph.
    pub edges: Option<&'a [Vec<u32>]>,
}

impl<'a> Ids<'a> {
    /// The ids of a board's view of its position.
    pub fn of(view: &'a View) -> Ids<'a> {
        Ids {
            vertices: view.vertex_ids(),
            edges: view.edge_ids(),
        }
    }
}

/// The ring of a winning move's vertex.
pub const WINS: &str = "#2a8a2a";
/// The ring of a losing move's vertex.
pub const LOSES: &str = "#c03030";

/// [`position_svg`], each vertex and edge labelled by its id in the input (`ids`, where
/// the position renumbers them), and the move that names it — a vertex (`Move::One`), an
/// edge of a graph (`Move::Two(graph, edge)`), a chip's step down a tree edge
/// (`Move::Two(from, to)`), in the input's 0-based ids — marked in the colour `ring`
/// gives it: a vertex ringed, an edge drawn thick (a move's mark: [`WINS`], [`LOSES`]).
pub fn position_svg_marked(
    pos: &Position,
    ids: Ids<'_>,
    ring: &dyn Fn(Move) -> Option<&'static str>,
) -> String {
    let id = |v: u32| {
        ids.vertices
            .and_then(|ids| ids.get(v as usize).copied())
            .unwrap_or(v)
    };
    let base = |v: u32| VertexStyle {
        label: Some((id(v) + 1).to_string()),
        ring: ring(Move::One(id(v))),
        ..VertexStyle::default()
    };
    match pos {
        Position::Cut(p) => tree_svg(&p.tree, &base),
        Position::Paint(p) => tree_svg(&p.tree, &|v| VertexStyle {
            fill: if p.white.get(v as usize).copied().unwrap_or(false) {
                "#ffffff"
            } else {
                "#333333"
            },
            ..base(v)
        }),
        Position::Chip(p) => {
            let mut chips = vec![0usize; p.tree.len()];
            for &c in &p.chips {
                if let Some(k) = chips.get_mut(c as usize) {
                    *k += 1;
                }
            }
            // A move takes a chip from a vertex down to a child: its edge is marked.
            tree_svg(&p.tree, &|v| VertexStyle {
                fill: if chips[v as usize] > 0 {
                    "#f5c542"
                } else {
                    "#ffffff"
                },
                note: (chips[v as usize] > 0).then(|| format!("{} chip", chips[v as usize])),
                up: p
                    .tree
                    .parent(v)
                    .and_then(|up| ring(Move::Two(id(up), id(v)))),
                ..base(v)
            })
        }
        Position::Staircase(p) => tree_svg(&p.tree, &|v| VertexStyle {
            note: p
                .stones
                .get(v as usize)
                .filter(|&&s| s > 0)
                .map(|s| format!("{s} stones")),
            ..base(v)
        }),
        Position::Hackenbush(p) => {
            graph::graphs_svg_marked(&p.graphs, ids.edges, &|g, e| ring(Move::Two(g, e)))
        }
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
