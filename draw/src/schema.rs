//! A problem package's input, drawn from its schema: the first test case's first tree (or
//! graph) with what the input says of each vertex — the vertices an array lists (chips,
//! tokens: filled, counted), per-vertex values (`a=5`), the integers that are vertices
//! (`x`, ringed) — and, above it, a caption of the integers and each other array as a row
//! of boxes. An input of integers only is not drawn. Ids are the input's own (1-based).

use crate::svg;
use crate::tree::{tree_svg, VertexStyle};
use grundy_games::schema::{Elements, Instance, Item, Schema, Value};
use std::fmt::Write as _;

/// Most values of an array drawn.
const SHOWN: usize = 40;

/// The drawing of an input (`None` for an input with no test case, and for one of
/// integers only: its text says it all).
pub fn instance_svg(schema: &Schema, inst: &Instance) -> Option<String> {
    instance_svg_marked(schema, inst, &|_| None)
}

/// [`instance_svg`], each tree vertex ringed in the colour `ring` gives its 0-based id (a
/// move's mark).
pub fn instance_svg_marked(
    schema: &Schema,
    inst: &Instance,
    ring: &dyn Fn(u32) -> Option<&'static str>,
) -> Option<String> {
    let case = inst.cases.first()?;
    if case.values.iter().all(|v| matches!(v, Value::Ints(_))) {
        return None;
    }
    let ints = integers(schema, case);
    let structure = schema
        .items
        .iter()
        .zip(&case.values)
        .enumerate()
        .find_map(|(k, (item, v))| match (item, v) {
            (
                Item::Tree { count, .. } | Item::Graph { count, .. },
                Value::Edges { n, edges, .. },
            ) => Some((k, count.clone(), *n, edges.as_slice())),
            _ => None,
        });
    let mut caption: Vec<String> = Vec::new();
    if inst.cases.len() > 1 {
        caption.push(format!("test case 1 of {}", inst.cases.len()));
    }
    let mut strips: Vec<(String, Vec<String>)> = Vec::new();
    let mut marks = Marks::new(structure.as_ref().map_or(0, |s| s.2 as usize));
    // The integers: a vertex one rings its vertex; all are in the caption.
    let mut said: Vec<String> = Vec::new();
    for (name, v) in &ints {
        let on = schema.vertex_ints.get(name).copied();
        match (&structure, on) {
            (Some((k, _, n, _)), Some(item)) if item == *k && *v >= 1 && *v <= i64::from(*n) => {
                marks.ringed[(*v - 1) as usize] = true;
                marks.notes[(*v - 1) as usize].push(name.clone());
                said.push(format!("{name} = {v} (ringed)"));
            }
            _ => said.push(format!("{name} = {v}")),
        }
    }
    if !said.is_empty() {
        caption.push(said.join(", "));
    }
    mark_arrays(
        schema,
        case,
        &structure,
        &mut marks,
        &mut caption,
        &mut strips,
    );
    let picture = picture(&structure, &marks, ring);
    Some(stacked(&caption, &strips, picture.as_deref()))
}

/// The tree or graph of a test case: its item's index, the name of its vertex count, its
/// vertices and its edges.
type Structure<'a> = (usize, String, u32, &'a [(u32, u32)]);

/// What is drawn on each vertex: the notes beside it, how many times a list names it
/// (filled), and whether an integer names it (ringed).
struct Marks {
    notes: Vec<Vec<String>>,
    listed: Vec<usize>,
    ringed: Vec<bool>,
}

impl Marks {
    fn new(n: usize) -> Marks {
        Marks {
            notes: vec![Vec::new(); n],
            listed: vec![0; n],
            ringed: vec![false; n],
        }
    }
}

/// The arrays of a test case: a list of vertices fills them (with how many times), one
/// value per vertex is written beside each, and any other array is a strip of its own.
fn mark_arrays(
    schema: &Schema,
    case: &grundy_games::schema::Case,
    structure: &Option<Structure<'_>>,
    marks: &mut Marks,
    caption: &mut Vec<String>,
    strips: &mut Vec<(String, Vec<String>)>,
) {
    for (item, v) in schema.items.iter().zip(&case.values) {
        let (
            Item::Array {
                len, values, name, ..
            },
            Value::Array(xs),
        ) = (item, v)
        else {
            continue;
        };
        match (structure, values) {
            // Vertices listed: each filled, with how many times.
            (Some((_, _, n, _)), Elements::Vertex) => {
                let mut count = vec![0usize; *n as usize];
                for &x in xs {
                    if let Some(c) = count.get_mut(x as usize) {
                        *c += 1;
                    }
                }
                caption.push(format!(
                    "{name}: {} listed (filled)",
                    if xs.len() == 1 {
                        "1 vertex".to_string()
                    } else {
                        format!("{} vertices", xs.len())
                    }
                ));
                for (v, &c) in count.iter().enumerate().filter(|(_, &c)| c > 0) {
                    marks.listed[v] += c;
                    marks.notes[v].push(if c == 1 {
                        name.clone()
                    } else {
                        format!("{name}×{c}")
                    });
                }
            }
            // One value per vertex: written beside each.
            (Some((_, count, _, _)), Elements::Range(_)) if len == count => {
                for (v, x) in xs.iter().enumerate() {
                    if let Some(note) = marks.notes.get_mut(v) {
                        note.push(format!("{name}={x}"));
                    }
                }
            }
            _ => strips.push((
                name.clone(),
                xs.iter()
                    .map(|x| match values {
                        Elements::Vertex => (x + 1).to_string(),
                        Elements::Range(_) => x.to_string(),
                    })
                    .collect(),
            )),
        }
    }
}

/// The picture of the test case's tree (its vertices marked, `ring` ringing a move's), or
/// of its graph.
fn picture(
    structure: &Option<Structure<'_>>,
    marks: &Marks,
    ring: &dyn Fn(u32) -> Option<&'static str>,
) -> Option<String> {
    match structure {
        Some((_, _, n, edges)) => match grundy_games::Tree::from_edges(*n as usize, edges) {
            Ok(t) => Some(tree_svg(&t, &|v| {
                let v = v as usize;
                VertexStyle {
                    fill: match (
                        marks.listed.get(v).copied().unwrap_or(0) > 0,
                        marks.ringed.get(v),
                    ) {
                        (true, _) => "#f5c542",
                        (false, Some(true)) => "#bfe0ff",
                        _ => "#ffffff",
                    },
                    note: marks
                        .notes
                        .get(v)
                        .filter(|n| !n.is_empty())
                        .map(|n| n.join(", ")),
                    ring: ring(v as u32),
                    ..VertexStyle::default()
                }
            })),
            Err(_) => Some(crate::graphs_svg(&[grundy_games::Graph {
                n: *n,
                edges: edges.to_vec(),
            }])),
        },
        None => None,
    }
}

/// The integers of a test case, by name, in input order.
fn integers(schema: &Schema, case: &grundy_games::schema::Case) -> Vec<(String, i64)> {
    let mut out = Vec::new();
    for (item, v) in schema.items.iter().zip(&case.values) {
        if let (Item::Ints(names), Value::Ints(xs)) = (item, v) {
            out.extend(names.iter().cloned().zip(xs.iter().copied()));
        }
    }
    out
}

/// The caption's lines, then each array as a row of boxes (its values, their 1-based
/// positions under them), then the picture: one SVG document.
fn stacked(caption: &[String], strips: &[(String, Vec<String>)], picture: Option<&str>) -> String {
    const LINE: f64 = 18.0;
    const BOX: f64 = 26.0;
    let mut body = String::new();
    let mut y = 4.0;
    let mut width: f64 = 200.0;
    for line in caption {
        y += LINE;
        svg::text(&mut body, 8.0, y - 4.0, "start", line);
        width = width.max(16.0 + 7.0 * line.chars().count() as f64);
    }
    for (name, values) in strips {
        y += LINE;
        svg::text(
            &mut body,
            8.0,
            y - 4.0,
            "start",
            &format!(
                "{name} ({} value{})",
                values.len(),
                if values.len() == 1 { "" } else { "s" }
            ),
        );
        let mut x = 8.0;
        for (k, v) in values.iter().take(SHOWN).enumerate() {
            let w = BOX.max(10.0 + 7.5 * v.chars().count() as f64);
            let _ = writeln!(
                body,
                "<rect class=\"cell\" x=\"{x:.1}\" y=\"{:.1}\" width=\"{w:.1}\" height=\"{BOX:.1}\" fill=\"#f4f4f4\" stroke=\"#000000\"/>",
                y + 2.0
            );
            svg::text(
                &mut body,
                x + w / 2.0,
                y + 2.0 + BOX / 2.0 + 4.0,
                "middle",
                v,
            );
            svg::text(
                &mut body,
                x + w / 2.0,
                y + BOX + 16.0,
                "middle",
                &(k + 1).to_string(),
            );
            x += w;
        }
        if values.len() > SHOWN {
            svg::text(&mut body, x + 6.0, y + 2.0 + BOX / 2.0 + 4.0, "start", "…");
            x += 20.0;
        }
        width = width.max(x + 8.0);
        y += BOX + 22.0;
    }
    let (w, h) = picture.map_or((0.0, 0.0), svg::size_of);
    if let Some(p) = picture {
        let _ = writeln!(
            body,
            "<g transform=\"translate(0 {:.0})\">{}</g>",
            y + 4.0,
            svg::inner(p)
        );
    }
    svg::document(width.max(w), y + 8.0 + h, &body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_games::schema::SchemaSpec;

    fn schema(toml: &str) -> Schema {
        let spec: SchemaSpec = toml::from_str(toml).unwrap();
        Schema::new(&spec).unwrap()
    }

    #[test]
    fn listed_vertices_are_filled_and_vertex_integers_ringed() {
        let s = schema(
            "[[input]]\nints = [\"n\", \"k\", \"x\"]\nvertex = [\"x\"]\n[[input]]\ntree = \"n\"\n[[input]]\narray = \"k\"\nvalues = \"vertex\"\nname = \"chips\"\n[limits]\nn = [1, 10]\nk = [1, 10]\n",
        );
        let inst = s.read(b"3 3 2\n1 2\n1 3\n3 3 1\n").unwrap();
        let svg = instance_svg(&s, &inst).unwrap();
        assert_eq!(svg.matches("<circle").count(), 3, "{svg}");
        assert!(
            svg.contains(">n = 3, k = 3, x = 2 (ringed)</text>"),
            "{svg}"
        );
        assert!(
            svg.contains(">chips: 3 vertices listed (filled)</text>"),
            "{svg}"
        );
        assert!(
            svg.contains(">chips×2</text>") && svg.contains(">x</text>"),
            "{svg}"
        );
        assert_eq!(svg.matches("fill=\"#f5c542\"").count(), 2, "{svg}");
        assert_eq!(svg.matches("fill=\"#bfe0ff\"").count(), 1, "{svg}");
    }

    #[test]
    fn integers_and_arrays_alone_are_a_caption() {
        let s = schema("[[input]]\nints = [\"k\"]\n[[input]]\narray = \"k\"\nvalues = \"a\"\n[limits]\nk = [1, 20]\na = [-9, 9]\n");
        let inst = s.read(b"3\n-1 0 7\n").unwrap();
        let svg = instance_svg(&s, &inst).unwrap();
        assert!(
            svg.contains(">k = 3</text>") && svg.contains(">a (3 values)</text>"),
            "{svg}"
        );
        assert_eq!(svg.matches("class=\"cell\"").count(), 3, "{svg}");
        assert!(
            svg.contains(">-1</text>") && svg.contains(">7</text>"),
            "{svg}"
        );
    }
}
