//! Hackenbush multigraphs: each graph's vertices on a circle, its ground (vertex 1) at the
//! bottom in bold; parallel edges bend apart, a loop is a small circle at its vertex; the
//! graphs of a sum side by side. Each edge carries its number in the input (a move names
//! an edge by its graph and that number), and an edge a move deletes may be drawn in the
//! colour of what the move leaves.

use crate::svg;
use grundy_games::Graph;
use std::collections::HashMap;
use std::fmt::Write as _;

/// Graphs with more vertices are summarized, not drawn.
const MOST_DRAWN: u32 = 60;

const CELL: f64 = 260.0;

/// An SVG picture of a sum of graphs (vertex 1 of each, its ground, at the bottom).
pub fn graphs_svg(graphs: &[Graph]) -> String {
    graphs_svg_marked(graphs, None, &|_, _| None)
}

/// [`graphs_svg`], each edge numbered by its index in the input — `ids[k][j]` for edge j
/// of graph k where the graphs lost edges (0-based; `None`: the indices kept) — and
/// drawn thick in the colour `ring` gives its graph and input index (0-based), if any.
pub fn graphs_svg_marked(
    graphs: &[Graph],
    ids: Option<&[Vec<u32>]>,
    ring: &dyn Fn(u32, u32) -> Option<&'static str>,
) -> String {
    let mut body = String::new();
    for (k, g) in graphs.iter().enumerate() {
        let ox = k as f64 * CELL;
        if g.n > MOST_DRAWN {
            svg::text(
                &mut body,
                ox + 10.0,
                30.0,
                "start",
                &format!("graph {}: {} vertices, {} edges", k + 1, g.n, g.edges.len()),
            );
            continue;
        }
        let (cx, cy, r) = (ox + CELL / 2.0, CELL / 2.0, CELL / 2.0 - 30.0);
        // Vertex 0 (the ground) at the bottom, the others around the circle.
        let at = |v: u32| {
            let a = std::f64::consts::FRAC_PI_2 + v as f64 * std::f64::consts::TAU / g.n as f64;
            (cx + r * a.cos(), cy + r * a.sin())
        };
        let mut seen: HashMap<(u32, u32), usize> = HashMap::new();
        for (j, &(a, b)) in g.edges.iter().enumerate() {
            let key = (a.min(b), a.max(b));
            let copy = *seen.entry(key).and_modify(|c| *c += 1).or_insert(0);
            let id = ids
                .and_then(|ids| ids.get(k)?.get(j).copied())
                .unwrap_or(j as u32);
            let stroke = match ring(k as u32, id) {
                Some(colour) => format!("class=\"ring\" stroke=\"{colour}\" stroke-width=\"3.5\""),
                None => "stroke=\"#000000\"".to_string(),
            };
            let (x1, y1) = at(a);
            if a == b {
                let (lx, ly) = (x1 + (x1 - cx) * 0.12, y1 + (y1 - cy) * 0.12);
                let r = 12.0 + 5.0 * copy as f64;
                let _ = writeln!(
                    body,
                    "<circle cx=\"{lx:.1}\" cy=\"{ly:.1}\" r=\"{r:.1}\" fill=\"none\" {stroke}/>"
                );
                edge_number(&mut body, lx, ly - r - 3.0, id);
                continue;
            }
            curved_edge(&mut body, (x1, y1), at(b), copy, &stroke, id);
        }
        for v in 0..g.n {
            let (x, y) = at(v);
            let fill = if v == 0 { "#9bd19b" } else { "#ffffff" };
            svg::vertex(&mut body, x, y, fill, &(v + 1).to_string());
        }
        svg::text(
            &mut body,
            cx,
            CELL - 4.0,
            "middle",
            &format!("graph {}", k + 1),
        );
    }
    svg::document(CELL * graphs.len().max(1) as f64, CELL + 10.0, &body)
}

/// An edge between two vertices at `(x1, y1)` and `(x2, y2)`, its `copy`-th copy bent
/// aside (the copies to alternating sides), with its number on the curve.
fn curved_edge(
    body: &mut String,
    (x1, y1): (f64, f64),
    (x2, y2): (f64, f64),
    copy: usize,
    stroke: &str,
    id: u32,
) {
    // The k-th copy of an edge bends k steps to alternating sides.
    let bend = if copy == 0 {
        0.0
    } else {
        let side = if copy % 2 == 1 { 1.0 } else { -1.0 };
        side * 18.0 * copy.div_ceil(2) as f64
    };
    let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
    let len = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt().max(1.0);
    let (qx, qy) = (mx - (y2 - y1) / len * bend, my + (x2 - x1) / len * bend);
    let _ = writeln!(
        body,
        "<path d=\"M {x1:.1} {y1:.1} Q {qx:.1} {qy:.1} {x2:.1} {y2:.1}\" fill=\"none\" {stroke}/>"
    );
    // The number on the curve, the copies' numbers at staggered points of it.
    let t = 0.5 + [0.0, -0.14, 0.14, -0.26, 0.26][copy % 5];
    let at_t = |p1: f64, q: f64, p2: f64| {
        (1.0 - t) * (1.0 - t) * p1 + 2.0 * t * (1.0 - t) * q + t * t * p2
    };
    edge_number(body, at_t(x1, qx, x2), at_t(y1, qy, y2) + 3.5, id);
}

/// An edge's number in the input (1-based), small, on a white halo, at (`x`, `y`).
fn edge_number(out: &mut String, x: f64, y: f64, id: u32) {
    let _ = writeln!(
        out,
        "<text class=\"edge\" x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"middle\" font-size=\"10\" fill=\"#444444\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">{}</text>",
        id + 1
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loops_and_parallel_edges_are_drawn_once_each() {
        let g = Graph {
            n: 3,
            edges: vec![(0, 1), (1, 2), (1, 2), (2, 2)],
        };
        let svg = graphs_svg(&[g.clone(), g]);
        assert_eq!(svg.matches("<path").count(), 6);
        assert_eq!(svg.matches("class=\"vertex\"").count(), 6);
        assert_eq!(svg.matches("fill=\"none\" stroke").count(), 6 + 2);
        assert_eq!(svg.matches("class=\"edge\"").count(), 8);
    }

    #[test]
    fn a_marked_edge_is_found_by_its_input_index() {
        // Graph 2 lost its first edge: its edges 0 and 1 are edges 2 and 3 of the input.
        let g = Graph {
            n: 3,
            edges: vec![(0, 1), (1, 2)],
        };
        let ids = vec![vec![0, 1], vec![1, 2]];
        let svg = graphs_svg_marked(&[g.clone(), g], Some(&ids), &|k, e| {
            (k == 1 && e == 2).then_some("#2a8a2a")
        });
        assert_eq!(svg.matches("class=\"ring\"").count(), 1, "{svg}");
        let numbers: Vec<&str> = svg
            .split("class=\"edge\"")
            .skip(1)
            .map(|t| t.split('>').nth(1).unwrap().trim_end_matches("</text"))
            .collect();
        assert_eq!(numbers, ["1", "2", "2", "3"], "{svg}");
        // The thick edge is followed by its number, 3.
        let ring = svg.find("class=\"ring\"").unwrap();
        let next = svg[ring..].split("class=\"edge\"").nth(1).unwrap();
        assert!(next.contains(">3</text>"), "{svg}");
    }
}
