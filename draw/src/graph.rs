//! Hackenbush multigraphs: each graph's vertices on a circle, its ground (vertex 1) at the
//! bottom in bold; parallel edges bend apart, a loop is a small circle at its vertex; the
//! graphs of a sum side by side.

use crate::svg;
use grundy_games::Graph;
use std::collections::HashMap;
use std::fmt::Write as _;

/// Graphs with more vertices are summarized, not drawn.
const MOST_DRAWN: u32 = 60;

const CELL: f64 = 260.0;

/// An SVG picture of a sum of graphs (vertex 1 of each, its ground, at the bottom).
pub fn graphs_svg(graphs: &[Graph]) -> String {
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
        for &(a, b) in &g.edges {
            let key = (a.min(b), a.max(b));
            let copy = *seen.entry(key).and_modify(|c| *c += 1).or_insert(0);
            let (x1, y1) = at(a);
            if a == b {
                let _ = writeln!(
                    body,
                    "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"#000000\"/>",
                    x1 + (x1 - cx) * 0.12,
                    y1 + (y1 - cy) * 0.12,
                    12.0 + 5.0 * copy as f64
                );
                continue;
            }
            let (x2, y2) = at(b);
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
                "<path d=\"M {x1:.1} {y1:.1} Q {qx:.1} {qy:.1} {x2:.1} {y2:.1}\" fill=\"none\" stroke=\"#000000\"/>"
            );
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
    }
}
