//! Every small input of a problem schema, for exploring a new game before proving anything
//! (`grundy values`): every rooted tree up to a size (each unlabelled shape once, from
//! [`exhaust::rooted_trees`]), every small graph the schema's rules allow (from
//! [`exhaust::graphs`]: up to relabelling the non-root vertices, so an isomorphic copy may
//! repeat), every integer from its minimum up to a span, every array over a few values;
//! and the one-parameter families a setter looks for a pattern in (a path of k vertices,
//! a star of k rays, a single value k), with [`period`] to find where a value sequence
//! repeats.
//!
//! One test case per input. Queries are not enumerated (an error says so).

use crate::exhaust;
use crate::schema::gen::SchemaError;
use grundy_games::schema::{
    graph_rules_hold, Case, Elements, GraphRules, Instance, Item, Schema, Tests, Value,
};
use grundy_games::Graph;
use std::collections::BTreeMap;
use std::ops::ControlFlow;

/// How far the enumeration goes.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Largest integer taken above its minimum, and most vertices of a tree or graph.
    pub size: i64,
    /// Values of arrays: from the minimum up to the minimum plus this.
    pub values: i64,
    /// Most edges of a graph.
    pub edges: usize,
    /// Most inputs in all.
    pub limit: usize,
}

/// A partial input: the values of the items so far and the integers known.
#[derive(Clone)]
struct Partial {
    values: Vec<Value>,
    ints: BTreeMap<String, i64>,
}

/// Every input of `schema` within `bounds` (one test case each), in enumeration order.
/// Returns the inputs and whether the limit cut the enumeration short.
pub fn instances(schema: &Schema, bounds: &Bounds) -> Result<(Vec<Instance>, bool), SchemaError> {
    let mut partials = vec![Partial {
        values: Vec::new(),
        ints: BTreeMap::new(),
    }];
    let mut cut = false;
    for item in &schema.items {
        let mut next = Vec::new();
        for p in &partials {
            let options = options(schema, item, p, bounds)?;
            for (value, ints) in options {
                if next.len() >= bounds.limit {
                    cut = true;
                    break;
                }
                let mut q = p.clone();
                q.values.push(value);
                q.ints.extend(ints);
                next.push(q);
            }
        }
        partials = next;
    }
    let insts = partials
        .into_iter()
        .map(|p| {
            let mut case = Case { values: p.values };
            schema.sync_counts(&mut case);
            Instance { cases: vec![case] }
        })
        .filter(|i| schema.read(schema.write(i).as_bytes()).is_ok())
        .collect();
    Ok((insts, cut))
}

type Options = Vec<(Value, Vec<(String, i64)>)>;

/// The values of `name` enumerated: from the least of its range as the integers of the
/// earlier lines (`known`) make it, at most `span` more.
fn range_of(
    schema: &Schema,
    name: &str,
    span: i64,
    known: &BTreeMap<String, i64>,
) -> std::ops::RangeInclusive<i64> {
    let (lo, hi) = schema.range_in(name, &|k| known.get(k).copied());
    lo..=hi.min(lo.saturating_add(span))
}

/// The size of an input in [`Bounds::size`]'s terms (of its first test case): the most
/// vertices of its trees and graphs, or, with none, its largest integer above that
/// integer's minimum — how far the enumeration had gone with it.
pub fn size_reached(schema: &Schema, inst: &Instance) -> i64 {
    let Some(case) = inst.cases.first() else {
        return 0;
    };
    let vertices = case
        .values
        .iter()
        .filter_map(|v| match v {
            Value::Edges { n, .. } => Some(i64::from(*n)),
            _ => None,
        })
        .max();
    if let Some(n) = vertices {
        return n;
    }
    let mut known: BTreeMap<String, i64> = BTreeMap::new();
    let mut reached = 0;
    for (item, value) in schema.items.iter().zip(&case.values) {
        if let (Item::Ints(names), Value::Ints(xs)) = (item, value) {
            for (name, &x) in names.iter().zip(xs) {
                let (lo, _) = schema.range_in(name, &|k| known.get(k).copied());
                reached = reached.max(x.saturating_sub(lo));
                known.insert(name.clone(), x);
            }
        }
    }
    reached
}

/// What the enumeration of `schema` within `bounds` covers, in words: each kind of item
/// the schema has, and its bound (`integers up to 6 above their minimum, trees up to 6
/// vertices, array values up to 3 above their minimum`), all within the statement's
/// limits.
pub fn bounds_in_words(schema: &Schema, bounds: &Bounds) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut say = |part: String| {
        if !parts.contains(&part) {
            parts.push(part);
        }
    };
    for item in &schema.items {
        match item {
            Item::Ints(_) => say(format!(
                "integers up to {} above their minimum",
                bounds.size
            )),
            Item::Tree { .. } => say(format!("trees up to {} vertices", bounds.size)),
            Item::Graph { .. } => say(format!(
                "graphs up to {} vertices and {} edges",
                bounds.size.min(8),
                bounds.edges
            )),
            Item::Array {
                values: Elements::Range(_),
                ..
            } => say(format!(
                "array values up to {} above their minimum",
                bounds.values
            )),
            Item::Array { .. } | Item::Queries { .. } => {}
        }
    }
    parts.join(", ")
}

/// Every choice of one value from each range, in order, at most `limit` of them.
fn product(ranges: &[std::ops::RangeInclusive<i64>], limit: usize) -> Vec<Vec<i64>> {
    let mut out: Vec<Vec<i64>> = vec![Vec::new()];
    for r in ranges {
        out = out
            .into_iter()
            .flat_map(|xs| {
                r.clone().map(move |x| {
                    let mut ys = xs.clone();
                    ys.push(x);
                    ys
                })
            })
            .take(limit)
            .collect();
    }
    out
}

/// The values an item can take after `p`.
fn options(schema: &Schema, item: &Item, p: &Partial, b: &Bounds) -> Result<Options, SchemaError> {
    let known = |name: &str| -> Result<i64, SchemaError> {
        p.ints.get(name).copied().ok_or_else(|| {
            SchemaError(format!("`{name}` is not read before the item that uses it"))
        })
    };
    Ok(match item {
        Item::Ints(names) => {
            let ranges: Vec<_> = names
                .iter()
                .map(|n| range_of(schema, n, b.size, &p.ints))
                .collect();
            product(&ranges, b.limit)
                .into_iter()
                .map(|xs| {
                    let ints = names.iter().cloned().zip(xs.iter().copied()).collect();
                    (Value::Ints(xs), ints)
                })
                .collect()
        }
        Item::Tree { count, weights, .. } => {
            let n = known(count)?;
            if n < 1 || n > b.size {
                return Ok(Vec::new());
            }
            trees(schema, n as u32, weights.as_deref(), b)
        }
        Item::Graph {
            count,
            edges,
            rules,
            weights,
        } => {
            let (n, m) = (known(count)?, known(edges)?);
            if n < 1 || n > b.size.min(8) || m as usize > b.edges {
                return Ok(Vec::new());
            }
            graphs(schema, n as u32, m as usize, rules, weights.as_deref(), b)
        }
        Item::Array {
            len,
            values,
            distinct,
            unordered,
            ..
        } => {
            let k = known(len)?;
            let range = match values {
                Elements::Range(name) => range_of(schema, name, b.values, &p.ints),
                // Every vertex of the structure before the array (the last one so far).
                Elements::Vertex => {
                    let n = p.values.iter().rev().find_map(|v| match v {
                        Value::Edges { n, .. } => Some(i64::from(*n)),
                        _ => None,
                    });
                    0..=n.unwrap_or(0) - 1
                }
            };
            let ranges = vec![range; k.max(0) as usize];
            // An unordered array once per multiset (a set when distinct): its values in
            // order. The others in every order.
            let once = *unordered || *distinct;
            product(&ranges, b.limit.saturating_mul(if once { 64 } else { 1 }))
                .into_iter()
                .filter(|xs| !once || xs.windows(2).all(|w| w[0] <= w[1]))
                .take(b.limit)
                .map(|xs| (Value::Array(xs), Vec::new()))
                .collect()
        }
        Item::Queries { .. } => return Err(SchemaError(
            "`grundy values` does not enumerate queries (only integers, trees, graphs and arrays)"
                .into(),
        )),
    })
}

/// Every rooted tree of `n` vertices (each shape once, up to `b.limit`), its weights at
/// their lowest.
fn trees(schema: &Schema, n: u32, weights: Option<&str>, b: &Bounds) -> Options {
    let lo = weights.as_ref().map_or(0, |w| schema.range(w).0);
    let mut out = Vec::new();
    let _ = exhaust::rooted_trees(n as usize, |parent| {
        let edges: Vec<(u32, u32)> = (1..parent.len()).map(|i| (parent[i], i as u32)).collect();
        let weights = if weights.is_some() {
            vec![lo; edges.len()]
        } else {
            Vec::new()
        };
        out.push((Value::Edges { n, edges, weights }, Vec::new()));
        if out.len() >= b.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    out
}

/// Every multigraph of `n` vertices and `m` edges that keeps the item's rules (up to
/// `b.limit`), its weights at their lowest.
fn graphs(
    schema: &Schema,
    n: u32,
    m: usize,
    rules: &GraphRules,
    weights: Option<&str>,
    b: &Bounds,
) -> Options {
    let lo = weights.as_ref().map_or(0, |w| schema.range(w).0);
    let mut out = Vec::new();
    let _ = exhaust::graphs(n, m, |g: Graph| {
        if g.n == n && g.edges.len() == m && graph_rules_hold(&g, rules).is_ok() {
            let weights = if weights.is_some() {
                vec![lo; g.edges.len()]
            } else {
                Vec::new()
            };
            out.push((
                Value::Edges {
                    n: g.n,
                    edges: g.edges,
                    weights,
                },
                Vec::new(),
            ));
        }
        if out.len() >= b.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    out
}

/// Where a family puts the values of an array of vertices (chips, tokens, marks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The last vertices: the far end of a path, the last rays of a star.
    Far,
    /// Vertex 1: the root of a path, the centre of a star.
    Root,
}

/// A one-parameter family of inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// The schema's first tree is a path of k vertices (rooted at an end); an array of
    /// vertices stands at the place given.
    Path(Place),
    /// The schema's first tree is a star of k rays (k + 1 vertices, rooted at the centre);
    /// an array of vertices stands at the place given.
    Star(Place),
    /// Every count at its minimum (at least 1 for an array), every value at its minimum
    /// but the last one, which is k (a heap of k).
    Value,
}

impl Family {
    /// The family in words, with its parameter; `vertices` when the schema has an array
    /// of vertices (the words then say where it stands).
    pub fn describe(self, vertices: bool) -> String {
        let place = |p: Place, far: &str, root: &str| {
            if !vertices {
                String::new()
            } else if p == Place::Far {
                format!(", the vertex array on {far}")
            } else {
                format!(", the vertex array on {root}")
            }
        };
        match self {
            Family::Path(p) => format!(
                "a path of k vertices{}",
                place(p, "its far end (vertex k, k - 1, …)", "its root (vertex 1)")
            ),
            Family::Star(p) => format!(
                "a star of k rays{}",
                place(
                    p,
                    "its last rays (vertex k + 1, k, …)",
                    "its centre (vertex 1)"
                )
            ),
            Family::Value => "a single value k".into(),
        }
    }
}

/// True when the schema has an array of vertex ids.
pub fn has_vertex_array(schema: &Schema) -> bool {
    schema.items.iter().any(|i| {
        matches!(
            i,
            Item::Array {
                values: Elements::Vertex,
                ..
            }
        )
    })
}

/// The families that fit `schema`: paths and stars when it has a tree (with an array of
/// vertices, each twice: the array on the far vertices, then on the root), a single value
/// when it has no tree or graph.
pub fn families(schema: &Schema) -> Vec<Family> {
    if !matches!(schema.tests, Tests::One | Tests::Count(_) | Tests::UntilEof) {
        return Vec::new();
    }
    let tree = schema.items.iter().any(|i| matches!(i, Item::Tree { .. }));
    let graph = schema.items.iter().any(|i| matches!(i, Item::Graph { .. }));
    let queries = schema
        .items
        .iter()
        .any(|i| matches!(i, Item::Queries { .. }));
    match (tree, graph, queries) {
        (_, _, true) => Vec::new(),
        (true, _, _) if has_vertex_array(schema) => vec![
            Family::Path(Place::Far),
            Family::Path(Place::Root),
            Family::Star(Place::Far),
            Family::Star(Place::Root),
        ],
        (true, _, _) => vec![Family::Path(Place::Far), Family::Star(Place::Far)],
        (false, false, _) => vec![Family::Value],
        _ => Vec::new(),
    }
}

/// The tree of a family's member on `n` vertices: a path, or a star centred on vertex 1;
/// every weight the least of its range.
fn family_edges(schema: &Schema, family: Family, n: i64, weights: Option<&str>) -> Value {
    let edges: Vec<(u32, u32)> = (1..n as u32)
        .map(|i| match family {
            Family::Star(_) => (0, i),
            _ => (i - 1, i),
        })
        .collect();
    let w = weights.map_or(0, |w| schema.range(w).0);
    Value::Edges {
        n: n as u32,
        weights: if weights.is_some() {
            vec![w; edges.len()]
        } else {
            Vec::new()
        },
        edges,
    }
}

/// The array of a family's member, of `n` elements: the least of their range (the last
/// one raised by `raise` when given), or for vertex ids the last vertices of the tree
/// before it in `values`, distinct while there are enough (or its root, vertex 1, for
/// [`Place::Root`]).
fn family_array(
    schema: &Schema,
    elements: &Elements,
    n: i64,
    raise: Option<i64>,
    values: &[Value],
    place: Place,
) -> Option<Vec<i64>> {
    Some(match elements {
        Elements::Range(vname) => {
            let (lo, _) = schema.range(vname);
            let mut xs = vec![lo; n.max(0) as usize];
            if let Some(k) = raise {
                *xs.last_mut()? = lo + k;
            }
            xs
        }
        // The last vertices (the far end of a path, the last rays of a
        // star), distinct while there are enough.
        Elements::Vertex => {
            let nv = values.iter().rev().find_map(|v| match v {
                Value::Edges { n, .. } => Some(i64::from(*n)),
                _ => None,
            })?;
            if place == Place::Root {
                return Some(vec![0; n.max(0) as usize]);
            }
            (0..n.max(0)).map(|j| (nv - 1 - j).rem_euclid(nv)).collect()
        }
    })
}

/// The last ranged value of a schema, which the `Value` family raises: the index of the
/// last array of ranged values, and the last integer that is no count (item index and
/// name), used when there is no such array.
fn last_ranged(schema: &Schema, counts: &[&str]) -> (Option<usize>, Option<(usize, String)>) {
    let last_array = schema.items.iter().rposition(|i| {
        matches!(
            i,
            Item::Array {
                values: Elements::Range(_),
                ..
            }
        )
    });
    let last_int = schema
        .items
        .iter()
        .enumerate()
        .flat_map(|(j, i)| match i {
            Item::Ints(names) => names.iter().map(|n| (j, n.clone())).collect(),
            _ => Vec::new(),
        })
        .rfind(|(_, n)| !counts.contains(&n.as_str()));
    (last_array, last_int)
}

/// Member `k` of a family (`None` when the schema's limits do not allow it).
pub fn member(schema: &Schema, family: Family, k: i64) -> Option<Instance> {
    let tree_count = schema.items.iter().find_map(|i| match i {
        Item::Tree { count, .. } => Some(count.clone()),
        _ => None,
    });
    let vertices = match family {
        Family::Path(_) => k,
        Family::Star(_) => k + 1,
        Family::Value => 0,
    };
    let place = match family {
        Family::Path(p) | Family::Star(p) => p,
        Family::Value => Place::Far,
    };
    let counts: Vec<&str> = schema.counts();
    let (last_array, last_int) = last_ranged(schema, &counts);
    let mut ints = BTreeMap::new();
    let mut values = Vec::new();
    for (j, item) in schema.items.iter().enumerate() {
        let v = match item {
            Item::Ints(names) => Value::Ints(
                names
                    .iter()
                    .map(|n| {
                        let (lo, _) = schema.range(n);
                        let mut x = lo;
                        if Some(n) == tree_count.as_ref() {
                            x = vertices;
                        } else if family == Family::Value
                            && last_array.is_none()
                            && last_int
                                .as_ref()
                                .is_some_and(|(jj, nn)| *jj == j && nn == n)
                        {
                            x = lo + k;
                        } else if counts.contains(&n.as_str()) {
                            x = lo.max(1);
                        }
                        ints.insert(n.clone(), x);
                        x
                    })
                    .collect(),
            ),
            Item::Tree { count, weights, .. } => {
                let n = *ints.get(count)?;
                if n < 1 {
                    return None;
                }
                family_edges(schema, family, n, weights.as_deref())
            }
            Item::Array {
                len,
                values: elements,
                ..
            } => {
                let n = *ints.get(len)?;
                let last = family == Family::Value && Some(j) == last_array;
                let xs = family_array(schema, elements, n, last.then_some(k), &values, place)?;
                Value::Array(xs)
            }
            Item::Graph { .. } | Item::Queries { .. } => return None,
        };
        values.push(v);
    }
    let mut case = Case { values };
    schema.sync_counts(&mut case);
    let inst = Instance { cases: vec![case] };
    schema
        .read(schema.write(&inst).as_bytes())
        .ok()
        .map(|_| inst)
}

/// The shortest period of `seq` (then the shortest preperiod): `(preperiod, period)` such
/// that `seq[i] == seq[i + period]` for every `i ≥ preperiod` in range, where the periodic
/// tail holds at least two whole periods and four terms more than one (so that a pattern
/// is not read into a short sequence).
pub fn period<T: PartialEq>(seq: &[T]) -> Option<(usize, usize)> {
    let n = seq.len();
    for q in 1..=n / 2 {
        for p in 0..n {
            let tail = n - p;
            if tail < 2 * q || tail < q + 4 {
                break;
            }
            if (p..n - q).all(|i| seq[i] == seq[i + q]) {
                return Some((p, q));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_of_known_sequences() {
        // Subtraction game {1, 3, 4}: 0 1 0 1 2 3 2, period 7 from the start.
        let s = [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1];
        assert_eq!(period(&s), Some((0, 7)));
        // A preperiod: 5 9, then 1 2 repeated.
        assert_eq!(period(&[5, 9, 1, 2, 1, 2, 1, 2, 1, 2]), Some((2, 2)));
        // Too short to claim anything.
        assert_eq!(period(&[1, 2, 1]), None);
        assert_eq!(period(&[0, 1, 2, 3, 4, 5, 6, 7]), None);
        // Constant.
        assert_eq!(period(&[3; 6]), Some((0, 1)));
    }

    fn schema(toml_text: &str) -> Schema {
        #[derive(serde::Deserialize)]
        struct T {
            input: Vec<grundy_games::schema::ItemSpec>,
            limits: BTreeMap<String, [grundy_games::bound::Bound; 2]>,
        }
        let t: T = toml::from_str(toml_text).unwrap();
        Schema::new(&grundy_games::schema::SchemaSpec {
            input: t.input,
            limits: t.limits,
            tests: None,
        })
        .unwrap()
    }

    #[test]
    fn every_rooted_tree_once_and_the_families() {
        let s =
            schema("[[input]]\nints = [\"n\"]\n[[input]]\ntree = \"n\"\n[limits]\nn = [1, 100]\n");
        let b = Bounds {
            size: 6,
            values: 2,
            edges: 6,
            limit: 10_000,
        };
        let (all, cut) = instances(&s, &b).unwrap();
        // Rooted trees on 1..=6 vertices: 1, 1, 2, 4, 9, 20.
        assert_eq!((all.len(), cut), (37, false));
        let (path, star) = (Family::Path(Place::Far), Family::Star(Place::Far));
        assert_eq!(families(&s), vec![path, star]);
        assert_eq!(s.write(&member(&s, star, 3).unwrap()), "4\n1 2\n1 3\n1 4\n");
        assert_eq!(s.write(&member(&s, path, 3).unwrap()), "3\n1 2\n2 3\n");
        assert!(member(&s, path, 101).is_none());
    }

    #[test]
    fn arrays_over_small_values_and_a_heap_of_k() {
        let s = schema("[[input]]\nints = [\"n\"]\n[[input]]\narray = \"n\"\nvalues = \"a\"\n[limits]\nn = [1, 3]\na = [0, 9]\n");
        let b = Bounds {
            size: 3,
            values: 2,
            edges: 0,
            limit: 10_000,
        };
        let (all, _) = instances(&s, &b).unwrap();
        assert_eq!(all.len(), 3 + 9 + 27);
        let heap = member(&s, Family::Value, 7).unwrap();
        assert_eq!(s.write(&heap), "1\n7\n");
    }

    /// A vertex array (chips) is placed on the far vertices, then on the root, and the
    /// words say where; an unordered array is enumerated once per multiset.
    #[test]
    fn vertex_arrays_placed_and_multisets_once() {
        let s = schema("[[input]]\nints = [\"n\", \"k\"]\n[[input]]\ntree = \"n\"\n[[input]]\narray = \"k\"\nvalues = \"vertex\"\nunordered = true\n[limits]\nn = [1, 100]\nk = [1, 3]\n");
        let fams = families(&s);
        assert_eq!(fams.len(), 4);
        let far = member(&s, Family::Path(Place::Far), 4).unwrap();
        assert_eq!(s.write(&far), "4 1\n1 2\n2 3\n3 4\n4\n");
        let root = member(&s, Family::Path(Place::Root), 4).unwrap();
        assert_eq!(s.write(&root), "4 1\n1 2\n2 3\n3 4\n1\n");
        assert!(Family::Star(Place::Root)
            .describe(true)
            .contains("centre (vertex 1)"));
        assert!(!Family::Star(Place::Root).describe(false).contains("vertex"));
        let b = Bounds {
            size: 3,
            values: 0,
            edges: 0,
            limit: 100_000,
        };
        let (all, _) = instances(&s, &b).unwrap();
        // The multisets of k ≤ 3 chips on each tree of n ≤ 3 vertices (1 + 1 + 2 trees):
        // n = 1: 3; n = 2: 2 + 3 + 4; n = 3 (twice): 3 + 6 + 10.
        assert_eq!(all.len(), 3 + 9 + 2 * 19);
    }
}
