//! Random and adversarial inputs of a problem schema (a user's own problem): every shape
//! grundy knows for trees (chains, stars, caterpillars, brooms, binary, random-parent,
//! deep, Prüfer), cacti with odd and even cycles and general graphs for graphs, values and
//! query fields drawn uniformly, near the minimum or at the extremes, several test cases
//! within the limits on sums. Every input is validated against the schema before it is
//! returned; a schema whose limits cannot be met is reported, never looped on.

pub use super::cases::Split;
use super::cases::{self, SumCaps};
use crate::gen::{self, TreeShape};
use crate::rng::Rng;
use grundy_games::schema::{
    Case, Elements, Field, GraphRules, Instance, Item, Kind, Schema, Value,
};
use std::collections::{BTreeMap, HashSet};

/// What one generated input should look like.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    /// Target size: the vertex count (or array length) of the test cases together.
    pub size: usize,
    /// Tree shape (random per tree when `None`).
    pub tree: Option<TreeShape>,
    /// Values at their extremes (maximum counts, min/max values) instead of random.
    pub extreme: bool,
    /// How many test cases share the size (for a schema of several test cases).
    pub split: Split,
}

impl Shape {
    /// An input of `size` of random shape and values, its test cases drawn.
    pub fn random(size: usize) -> Shape {
        Shape {
            size,
            tree: None,
            extreme: false,
            split: Split::Drawn,
        }
    }
}

/// A value in `lo..=hi`: uniform, near the minimum, an extreme, or next to a power of two
/// (2^k − 1, 2^k, 2^k + 1: where a narrow integer type or a bit trick breaks).
fn value(rng: &mut Rng, lo: i64, hi: i64) -> i64 {
    let span = (i128::from(hi) - i128::from(lo)) as u128;
    match rng.below(9) {
        0 => lo,
        1 => hi,
        8 => {
            // The powers of two within the range's magnitude.
            let top = 63 - (hi.unsigned_abs().max(lo.unsigned_abs()).max(1)).leading_zeros();
            let k = rng.below(u64::from(top) + 1) as u32;
            let p = 1i128 << k;
            let x = p + i128::from(rng.below(3) as i64 - 1);
            let x = if lo < 0 && rng.chance(1, 2) { -x } else { x };
            x.clamp(i128::from(lo), i128::from(hi)) as i64
        }
        2 | 3 => lo + rng.below((span as u64).min(3) + 1) as i64,
        _ => {
            let off = if span >= u128::from(u64::MAX) {
                rng.next_u64()
            } else {
                rng.below(span as u64 + 1)
            };
            (i128::from(lo) + i128::from(off)) as i64
        }
    }
}

/// One weight per edge, ranged by the limit `w` (none without weights).
fn edge_weights(schema: &Schema, rng: &mut Rng, w: Option<&str>, edges: usize) -> Vec<i64> {
    let Some(w) = w else { return Vec::new() };
    let (lo, hi) = schema.range(w);
    (0..edges).map(|_| value(rng, lo, hi)).collect()
}

fn clamp(x: i64, (lo, hi): (i64, i64)) -> i64 {
    x.clamp(lo, hi)
}

/// A tree on `n` vertices as an edge list, in a random order and orientation.
fn tree_edges(rng: &mut Rng, n: usize, shape: TreeShape, shuffle: bool) -> Vec<(u32, u32)> {
    let t = gen::tree(rng, n, shape);
    let mut edges = t.edges();
    if shuffle {
        rng.shuffle(&mut edges);
        for e in &mut edges {
            if rng.chance(1, 2) {
                *e = (e.1, e.0);
            }
        }
    }
    edges
}

/// A graph on `n` vertices with about `target` edges (clamped to `m` range) under `rules`.
fn graph_edges(
    rng: &mut Rng,
    n: usize,
    target: usize,
    (m_lo, m_hi): (i64, i64),
    rules: &GraphRules,
    shape: TreeShape,
) -> Vec<(u32, u32)> {
    let m_hi = m_hi.max(0) as usize;
    let m_lo = m_lo.max(0) as usize;
    let t = gen::tree(rng, n, shape);
    // Start from a spanning tree (a forest when the graph need not be connected).
    let mut edges: Vec<(u32, u32)> = t.edges();
    if !rules.connected {
        edges.retain(|_| !rng.chance(1, 5));
    }
    edges.truncate(m_hi);
    let mut seen: HashSet<(u32, u32)> = edges.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    // For a cactus: the tree edges already on a cycle.
    let mut on_cycle = vec![false; n];
    let target = target.clamp(m_lo, m_hi);
    let mut attempts = 0;
    while edges.len() < target && attempts < 20 * target + 100 {
        attempts += 1;
        let a = rng.below(n as u64) as u32;
        let b = if rules.cactus {
            // Close a short cycle: walk up 1..6 steps from a (cycle length 2..7).
            let mut b = a;
            let mut path = Vec::new();
            for _ in 0..rng.range(1, 6) {
                match t.parent(b) {
                    Some(p) => {
                        path.push(b);
                        b = p;
                    }
                    None => break,
                }
            }
            if path.is_empty() {
                if rules.loops && rng.chance(1, 4) {
                    a
                } else {
                    continue;
                }
            } else if path.iter().any(|&v| on_cycle[v as usize])
                || (path.len() == 1 && !rules.multi)
            {
                continue;
            } else {
                for &v in &path {
                    on_cycle[v as usize] = true;
                }
                b
            }
        } else {
            rng.below(n as u64) as u32
        };
        if a == b && !rules.loops {
            continue;
        }
        let key = (a.min(b), a.max(b));
        if !rules.multi && !seen.insert(key) && a != b {
            continue;
        }
        if a == b && !rules.multi && !seen.insert(key) {
            continue;
        }
        edges.push(if rng.chance(1, 2) { (a, b) } else { (b, a) });
    }
    let perm = gen::root_fixing_permutation(rng, n);
    for e in &mut edges {
        *e = (perm[e.0 as usize], perm[e.1 as usize]);
    }
    rng.shuffle(&mut edges);
    edges
}

/// The most each integer under a limit on sums may be in one test case (the rest of the
/// sum, less what the test cases after it need).
type Caps = BTreeMap<String, i64>;

/// `x` no more than its cap, when it has one.
fn capped(caps: &Caps, name: &str, x: i64) -> i64 {
    caps.get(name).map_or(x, |&c| x.min(c))
}

/// The count of each test case's structures, arrays and queries.
fn plan_counts(
    schema: &Schema,
    rng: &mut Rng,
    per_case: usize,
    extreme: bool,
    caps: &Caps,
) -> BTreeMap<String, i64> {
    let mut counts = BTreeMap::new();
    for it in &schema.items {
        match it {
            Item::Tree { count, .. } | Item::Graph { count, .. } => {
                let n = clamp(per_case as i64, schema.range(count));
                counts.insert(count.clone(), capped(caps, count, n));
            }
            _ => {}
        }
    }
    for it in &schema.items {
        match it {
            Item::Array { len, .. } if !counts.contains_key(len) => {
                // A length over its whole range (up to the case's size), never pinned to
                // it: 1 (or the least), 2, half, all of it, or anything between.
                let (lo, hi) = schema.range_in(len, &|k| counts.get(k).copied());
                let top = capped(caps, len, (per_case as i64).clamp(lo, hi.max(lo))).max(lo);
                let k = if extreme {
                    top
                } else {
                    match rng.below(6) {
                        0 => lo,
                        1 => (lo + 1).min(top),
                        2 => ((top + lo) / 2).max(lo),
                        3 => top,
                        _ => lo + rng.below((top - lo) as u64 + 1) as i64,
                    }
                };
                counts.insert(len.clone(), k);
            }
            Item::Queries { count, .. } if !counts.contains_key(count) => {
                let (lo, hi) = schema.range(count);
                let hi = capped(caps, count, hi).max(lo);
                let q = if extreme {
                    hi
                } else {
                    let top = (per_case as i64).max(lo).min(hi);
                    lo + rng.below((top - lo) as u64 + 1) as i64
                };
                counts.insert(count.clone(), q);
            }
            _ => {}
        }
    }
    counts
}

/// A graph item of `n` vertices: a spanning tree of the shape's and extra edges (as many
/// again at the extreme), within the edge count's range and the item's rules.
fn gen_graph(
    schema: &Schema,
    rng: &mut Rng,
    item: &Item,
    n: usize,
    known: &BTreeMap<String, i64>,
    shape: &Shape,
) -> Value {
    let Item::Graph {
        edges: m_name,
        rules,
        weights,
        ..
    } = item
    else {
        unreachable!("a graph item");
    };
    let extra = if shape.extreme {
        n
    } else {
        rng.below(n as u64 / 2 + 2) as usize
    };
    let s = tree_shape(rng, shape);
    let m_range = schema.range_in(m_name, &|k| known.get(k).copied());
    let edges = graph_edges(rng, n, n - 1 + extra, m_range, rules, s);
    let weights = edge_weights(schema, rng, weights.as_deref(), edges.len());
    Value::Edges {
        n: n as u32,
        edges,
        weights,
    }
}

/// One test case of the schema: its counts planned first, then each item drawn in input
/// order (a bound that names an integer drawn before is evaluated with its value).
fn gen_case(schema: &Schema, rng: &mut Rng, per_case: usize, shape: &Shape, caps: &Caps) -> Case {
    let counts = plan_counts(schema, rng, per_case, shape.extreme, caps);
    // The integers made so far (the planned counts, then each as it is drawn): the
    // bounds that name them are evaluated with their values.
    let mut known = counts.clone();
    let mut values: Vec<Value> = Vec::with_capacity(schema.items.len());
    for (i, it) in schema.items.iter().enumerate() {
        let v = match it {
            Item::Ints(names) => gen_ints(schema, rng, names, &mut known, shape, caps),
            Item::Tree {
                count,
                parents,
                weights,
            } => {
                let n = counts[count].max(1) as usize;
                let s = tree_shape(rng, shape);
                let edges = tree_edges(rng, n, s, !parents);
                let weights = edge_weights(schema, rng, weights.as_deref(), edges.len());
                Value::Edges {
                    n: n as u32,
                    edges,
                    weights,
                }
            }
            Item::Graph { count, .. } => {
                let n = counts[count].max(1) as usize;
                gen_graph(schema, rng, it, n, &known, shape)
            }
            Item::Array {
                len,
                values: elements,
                distinct,
                ..
            } => {
                let k = counts[len].max(0) as usize;
                match elements {
                    Elements::Range(lim) => gen_array(
                        rng,
                        k,
                        schema.range_in(lim, &|k| known.get(k).copied()),
                        shape,
                    ),
                    Elements::Vertex => {
                        let n = match schema.structure_before(i).map(|j| &values[j]) {
                            Some(Value::Edges { n, .. }) => *n as usize,
                            _ => 0,
                        };
                        gen_vertices(rng, k, n, *distinct, shape)
                    }
                }
            }
            Item::Queries { count, kinds } => {
                let q = counts[count].max(0) as usize;
                let structure = schema.structure_before(i).map(|j| &values[j]);
                gen_queries(schema, rng, q, kinds, structure)
            }
        };
        values.push(v);
    }
    let mut case = Case { values };
    schema.sync_counts(&mut case);
    case
}

/// The shape's tree shape, or a random one.
fn tree_shape(rng: &mut Rng, shape: &Shape) -> TreeShape {
    shape.tree.unwrap_or_else(|| *rng.pick(&TreeShape::ALL))
}

/// The integers of an `ints` item: counts as planned, the others drawn from their range
/// as the integers made before them make it (at one end of it for an extreme shape).
fn gen_ints(
    schema: &Schema,
    rng: &mut Rng,
    names: &[String],
    known: &mut BTreeMap<String, i64>,
    shape: &Shape,
    caps: &Caps,
) -> Value {
    let counts = schema.counts();
    let mut ints = Vec::with_capacity(names.len());
    for n in names {
        if let Some(&c) = known.get(n).filter(|_| counts.contains(&n.as_str())) {
            ints.push(c);
            continue;
        }
        let (lo, hi) = schema.range_in(n, &|k| known.get(k).copied());
        let hi = capped(caps, n, hi).max(lo);
        let x = if !shape.extreme {
            value(rng, lo, hi)
        } else if rng.chance(1, 2) {
            hi
        } else {
            lo
        };
        known.insert(n.clone(), x);
        ints.push(x);
    }
    Value::Ints(ints)
}

/// An array of `k` values in `lo..=hi`; a pattern now and then (all minimum, all
/// maximum, alternating), often for an extreme shape.
fn gen_array(rng: &mut Rng, k: usize, (lo, hi): (i64, i64), shape: &Shape) -> Value {
    let a = match rng.below(if shape.extreme { 3 } else { 10 }) {
        0 => vec![hi; k],
        1 => vec![lo; k],
        2 => (0..k).map(|j| if j % 2 == 0 { lo } else { hi }).collect(),
        _ => (0..k).map(|_| value(rng, lo, hi)).collect(),
    };
    Value::Array(a)
}

/// `k` vertex ids (0-based) of a structure of `n` vertices; `distinct`: no vertex twice
/// (then at most `n` of them). Patterns now and then (all on vertex 1, the first or the
/// last vertices), often for an extreme shape.
fn gen_vertices(rng: &mut Rng, k: usize, n: usize, distinct: bool, shape: &Shape) -> Value {
    if n == 0 {
        return Value::Array(Vec::new());
    }
    let k = if distinct { k.min(n) } else { k };
    let a: Vec<i64> = match rng.below(if shape.extreme { 3 } else { 10 }) {
        0 if !distinct => vec![0; k],
        0 | 1 => (0..k as i64).collect(),
        2 => (n - k.min(n)..n)
            .map(|v| v as i64)
            .cycle()
            .take(k)
            .collect(),
        _ if distinct => {
            // A partial Fisher–Yates shuffle: k distinct vertices.
            let mut all: Vec<i64> = (0..n as i64).collect();
            for j in 0..k {
                let r = j + rng.below((n - j) as u64) as usize;
                all.swap(j, r);
            }
            all.truncate(k);
            all
        }
        _ => (0..k).map(|_| rng.below(n as u64) as i64).collect(),
    };
    Value::Array(a)
}

/// `q` queries of the kinds whose fields the structure before them (a tree or graph, or
/// none) can fill.
fn gen_queries(
    schema: &Schema,
    rng: &mut Rng,
    q: usize,
    kinds: &[Kind],
    structure: Option<&Value>,
) -> Value {
    let (n, m) = match structure {
        Some(Value::Edges { n, edges, .. }) => (i64::from(*n), edges.len() as i64),
        _ => (0, 0),
    };
    let usable: Vec<usize> = (0..kinds.len())
        .filter(|&k| {
            kinds[k].fields.iter().all(|f| match f {
                Field::Vertex => n > 0,
                Field::Edge => m > 0,
                Field::Value(_) => true,
            })
        })
        .collect();
    let mut qs = Vec::with_capacity(q);
    for _ in 0..q {
        let Some(&k) = usable.get(rng.below(usable.len().max(1) as u64) as usize) else {
            break;
        };
        let args = kinds[k]
            .fields
            .iter()
            .map(|f| match f {
                Field::Vertex => rng.below(n as u64) as i64,
                Field::Edge => rng.below(m as u64) as i64,
                Field::Value(name) => {
                    let (lo, hi) = schema.range(name);
                    value(rng, lo, hi)
                }
            })
            .collect();
        qs.push((k, args));
    }
    Value::Queries(qs)
}

/// Why a schema yields no input: its own limits cannot be met, or an item uses a count
/// read after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemaError(pub String);

impl std::fmt::Display for SchemaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SchemaError {}

/// A random input of `schema` shaped by `shape`, valid for the schema (checked), or why
/// none could be made.
pub fn generate(schema: &Schema, rng: &mut Rng, shape: &Shape) -> Result<Instance, SchemaError> {
    let mut last = String::new();
    for _ in 0..20 {
        let sizes = cases::split(schema, rng, shape);
        let mut sums = SumCaps::new(schema);
        let mut cases = Vec::with_capacity(sizes.len());
        for (j, &per_case) in sizes.iter().enumerate() {
            let caps = sums.caps(schema, sizes.len() - j - 1);
            let case = gen_case(schema, rng, per_case, shape, &caps);
            sums.spend(schema, &case);
            cases.push(case);
        }
        let inst = Instance { cases };
        match schema.read(schema.write(&inst).as_bytes()) {
            Ok(_) => return Ok(inst),
            Err(e) => last = e.to_string(),
        }
    }
    Err(SchemaError(format!(
        "cannot generate an input that meets the schema's own limits (last attempt: {last})"
    )))
}

/// The adversarial inputs: the largest size the limits allow, each tree shape in turn,
/// counts and values at their extremes; then, for several test cases in one input, the
/// corners of their count ([`cases::corners`]).
pub fn adversarial(schema: &Schema) -> Vec<(String, Shape)> {
    let max = schema
        .items
        .iter()
        .filter_map(|it| match it {
            Item::Tree { count, .. } | Item::Graph { count, .. } => Some(schema.range(count).1),
            Item::Array { len, .. } => Some(schema.range(len).1),
            _ => None,
        })
        .max()
        .unwrap_or(1)
        .clamp(1, 1 << 22) as usize;
    let has_tree = schema
        .items
        .iter()
        .any(|it| matches!(it, Item::Tree { .. } | Item::Graph { .. }));
    let shapes: Vec<Option<TreeShape>> = if has_tree {
        [
            TreeShape::Chain,
            TreeShape::Star,
            TreeShape::Caterpillar,
            TreeShape::Prufer,
        ]
        .into_iter()
        .map(Some)
        .collect()
    } else {
        vec![None]
    };
    shapes
        .into_iter()
        .map(|tree| {
            let name = match tree {
                Some(s) => format!("{} of the maximum size {max}, extreme values", s.name()),
                None => format!("the maximum size {max}, extreme values"),
            };
            (
                name,
                Shape {
                    size: max,
                    tree,
                    extreme: true,
                    split: Split::Drawn,
                },
            )
        })
        .chain(cases::corners(schema))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_games::schema::SchemaSpec;

    fn schema(text: &str) -> Schema {
        let spec: SchemaSpec = toml::from_str(text).unwrap();
        Schema::new(&spec).unwrap()
    }

    /// "N K, the tree, K chips": the array's length is drawn over its range (1, the
    /// whole of it, and between), never pinned to the tree's size; a bound that names n
    /// holds in every input, and reaches more than its least value.
    #[test]
    fn lengths_cover_their_range_and_dependent_bounds_hold() {
        let s = schema(
            "[[input]]\nints = [\"n\", \"k\", \"x\"]\n[[input]]\ntree = \"n\"\n[[input]]\narray = \"k\"\nvalues = \"vertex\"\n[limits]\nn = [1, 1000]\nk = [1, \"n\"]\nx = [1, \"n\"]\n",
        );
        let mut rng = Rng::new(7);
        let (mut lengths, mut xs) = (HashSet::new(), HashSet::new());
        let (mut at_one, mut at_n) = (false, false);
        for _ in 0..300 {
            let shape = Shape::random(40);
            let inst = generate(&s, &mut rng, &shape).unwrap();
            let case = &inst.cases[0];
            let n = s.int_of(case, "n").unwrap();
            let k = s.int_of(case, "k").unwrap();
            let x = s.int_of(case, "x").unwrap();
            assert!((1..=n).contains(&k) && (1..=n).contains(&x), "{n} {k} {x}");
            at_one |= k == 1 && n > 1;
            at_n |= k == n && n > 1;
            lengths.insert(k);
            xs.insert(x);
        }
        assert!(at_one && at_n, "a length of 1 and of the whole tree");
        // Values next to powers of two are drawn too (2^k − 1, 2^k, 2^k + 1).
        let mut near = HashSet::new();
        for _ in 0..2000 {
            let v = value(&mut rng, 1, 1_000_000_000);
            assert!((1..=1_000_000_000).contains(&v));
            if (v + 1).count_ones() == 1 || v.count_ones() == 1 || (v - 1).count_ones() == 1 {
                near.insert(v);
            }
        }
        assert!(
            near.contains(&255) || near.contains(&256) || near.contains(&257),
            "{near:?}"
        );
        assert!(near.len() > 30, "{near:?}");
        assert!(lengths.len() > 10, "{lengths:?}");
        assert!(xs.len() > 10, "{xs:?}");
    }
}
