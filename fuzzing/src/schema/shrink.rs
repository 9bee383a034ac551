//! The structure-aware shrinker for inputs of a problem schema: drop a test case, drop a
//! query, drop a subtree (a leaf is a subtree), contract a tree edge, drop a graph edge or
//! vertex, drop an array element, lower values towards their minimum, renumber a tree's
//! vertices densely in breadth-first order. Everything that refers to a vertex or an edge
//! follows it: per-vertex arrays lose the removed vertices' values, queries on a removed
//! vertex or edge are dropped (on a contracted vertex they move to its parent), and the
//! count integers are recomputed. Candidates are re-validated by the caller's predicate,
//! so one that breaks a constraint (a graph left disconnected) is simply not taken.

use crate::room::Lazy;
use crate::shrink::{greedy_lazy, Resume, Shrunk};
use grundy_games::schema::{Case, Elements, Field, Instance, Item, Kind, Schema, Value};
use grundy_games::Tree;

/// Past this many vertices, values or queries only the halving steps are offered.
const LARGE: usize = 2000;

const GONE: u32 = u32::MAX;

/// An array indexed by vertex (or edge) renumbered by `map`: each value follows its
/// index (`new_len` indices after), dropped with it.
fn follow(a: &[i64], map: &[u32], new_len: usize) -> Vec<i64> {
    let mut b = vec![0; new_len];
    for (old, &x) in a.iter().enumerate() {
        if map[old] != GONE {
            b[map[old] as usize] = x;
        }
    }
    b
}

/// A query's arguments with its vertices and edges renumbered (`None`: one is gone).
fn query_args(fields: &[Field], args: &[i64], vmap: &[u32], emap: &[u32]) -> Option<Vec<i64>> {
    let mut args = args.to_vec();
    for (f, a) in fields.iter().zip(args.iter_mut()) {
        let map = match f {
            Field::Vertex => vmap,
            Field::Edge => emap,
            Field::Value(_) => continue,
        };
        let to = map.get(*a as usize).copied().unwrap_or(GONE);
        if to == GONE {
            return None;
        }
        *a = i64::from(to);
    }
    Some(args)
}

/// The integers of an `ints` item after a structure's vertices moved (`vmap`): those that
/// are vertices of structure `s` follow their vertex (1-based), and one whose vertex is
/// gone becomes 0.
fn moved_ints(schema: &Schema, s: usize, names: &[String], xs: &[i64], vmap: &[u32]) -> Vec<i64> {
    names
        .iter()
        .zip(xs)
        .map(|(name, &x)| {
            if schema.vertex_ints.get(name) != Some(&s) {
                return x;
            }
            match usize::try_from(x - 1).ok().and_then(|v| vmap.get(v)) {
                Some(&to) if to != GONE => i64::from(to) + 1,
                _ => 0,
            }
        })
        .collect()
}

/// A vertex (0-based) after the vertices moved; `None` when it is gone.
fn moved_vertex(v: i64, vmap: &[u32]) -> Option<i64> {
    match vmap.get(v as usize) {
        Some(&to) if to != GONE => Some(i64::from(to)),
        _ => None,
    }
}

/// Applies a renumbering of the vertices (`vmap[old]` = new id or [`GONE`]) and of the
/// edges (`emap[old]` = new index or [`GONE`]) of structure `s` to everything in `case`
/// that refers to them; `new` is the structure's new value.
fn remap(schema: &Schema, case: &Case, s: usize, new: Value, vmap: &[u32], emap: &[u32]) -> Case {
    let (vcount, ecount) = match &schema.items[s] {
        Item::Tree { count, .. } => (count.as_str(), None),
        Item::Graph { count, edges, .. } => (count.as_str(), Some(edges.as_str())),
        _ => unreachable!("a structure"),
    };
    let new_n = match &new {
        Value::Edges { n, .. } => *n as usize,
        _ => 0,
    };
    let new_m = match &new {
        Value::Edges { edges, .. } => edges.len(),
        _ => 0,
    };
    let mut out = case.clone();
    out.values[s] = new;
    for (i, it) in schema.items.iter().enumerate() {
        match (it, &case.values[i]) {
            // Integers that are vertices of this structure follow their vertex (1-based);
            // one whose vertex is gone becomes 0, which its bound [1, n] then pulls to
            // vertex 1 (a candidate like any other: taken if it still fails).
            (Item::Ints(names), Value::Ints(xs))
                if names.iter().any(|n| schema.vertex_ints.get(n) == Some(&s)) =>
            {
                out.values[i] = Value::Ints(moved_ints(schema, s, names, xs, vmap));
            }
            // Arrays of vertices: each follows its vertex (dropped with it); those of
            // another structure stay as they are.
            (
                Item::Array {
                    values: Elements::Vertex,
                    ..
                },
                Value::Array(a),
            ) if schema.structure_before(i) == Some(s) => {
                let kept = a.iter().filter_map(|&v| moved_vertex(v, vmap)).collect();
                out.values[i] = Value::Array(kept);
            }
            (
                Item::Array {
                    values: Elements::Vertex,
                    ..
                },
                _,
            ) => {}
            (Item::Array { len, .. }, Value::Array(a))
                if len == vcount && a.len() == vmap.len() =>
            {
                out.values[i] = Value::Array(follow(a, vmap, new_n));
            }
            (Item::Array { len, .. }, Value::Array(a))
                if Some(len.as_str()) == ecount && a.len() == emap.len() =>
            {
                out.values[i] = Value::Array(follow(a, emap, new_m));
            }
            (Item::Queries { kinds, .. }, Value::Queries(qs))
                if schema.structure_before(i) == Some(s) =>
            {
                let kept = qs
                    .iter()
                    .filter_map(|(k, args)| {
                        Some((*k, query_args(&kinds[*k].fields, args, vmap, emap)?))
                    })
                    .collect();
                out.values[i] = Value::Queries(kept);
            }
            _ => {}
        }
    }
    schema.sync_counts(&mut out);
    out
}

/// Keeps the vertices with `keep[v]` (vertex 0 always) of a structure, renumbered in their
/// old order, with the edges between kept vertices.
fn induced_remap(schema: &Schema, case: &Case, s: usize, keep: &[bool]) -> Option<Case> {
    let Value::Edges { n, edges, weights } = &case.values[s] else {
        return None;
    };
    let mut vmap = vec![GONE; *n as usize];
    let mut next = 0u32;
    for v in 0..*n as usize {
        if keep[v] {
            vmap[v] = next;
            next += 1;
        }
    }
    if next == 0 || next == *n {
        return None;
    }
    let mut emap = vec![GONE; edges.len()];
    let (mut ne, mut nw) = (Vec::new(), Vec::new());
    for (j, &(a, b)) in edges.iter().enumerate() {
        if keep[a as usize] && keep[b as usize] {
            emap[j] = ne.len() as u32;
            ne.push((vmap[a as usize], vmap[b as usize]));
            if let Some(&w) = weights.get(j) {
                nw.push(w);
            }
        }
    }
    let new = Value::Edges {
        n: next,
        edges: ne,
        weights: nw,
    };
    Some(remap(schema, case, s, new, &vmap, &emap))
}

/// Tree steps: drop each subtree (largest first), contract each edge, renumber densely.
fn tree_steps(schema: &Schema, case: &Case, s: usize, out: &mut Vec<Case>) {
    let Value::Edges { n, edges, .. } = &case.values[s] else {
        return;
    };
    let n = *n as usize;
    let Ok(tree) = Tree::from_edges(n, edges) else {
        return;
    };
    cut_steps(schema, case, s, &tree, out);
    if n > LARGE {
        return;
    }
    let by_size = by_subtree_size(&tree);
    for &v in &by_size {
        out.extend(without_subtree(schema, case, s, &tree, v));
    }
    for &v in by_size.iter().rev() {
        out.push(contracted(schema, case, s, &tree, v));
    }
    out.extend(renumbered(schema, case, s, &tree));
}

/// The big cuts of a tree, offered whatever its size: the path from the root to a
/// deepest vertex alone (a failure that needs depth); the last vertices of the
/// breadth-first order, half of them first, then fewer and fewer (a failure that needs
/// almost all of a chain shrinks by bisection).
fn cut_steps(schema: &Schema, case: &Case, s: usize, tree: &Tree, out: &mut Vec<Case>) {
    let n = tree.len();
    if let Some(keep) = crate::shrink::deepest_path(tree) {
        out.extend(induced_remap(schema, case, s, &keep));
    }
    if n > 16 {
        for drop in crate::shrink::bfs_tail_drops(n) {
            let mut keep = vec![false; n];
            for &v in &tree.order()[..n - drop] {
                keep[v as usize] = true;
            }
            out.extend(induced_remap(schema, case, s, &keep));
        }
    }
}

/// The vertices but the root, largest subtree first.
fn by_subtree_size(tree: &Tree) -> Vec<u32> {
    let n = tree.len();
    let mut size = vec![1usize; n];
    for &v in tree.order().iter().rev() {
        if let Some(p) = tree.parent(v) {
            size[p as usize] += size[v as usize];
        }
    }
    let mut vs: Vec<u32> = (1..n as u32).collect();
    vs.sort_by_key(|&v| std::cmp::Reverse(size[v as usize]));
    vs
}

/// The test case without the subtree of `v`.
fn without_subtree(schema: &Schema, case: &Case, s: usize, tree: &Tree, v: u32) -> Option<Case> {
    let mut keep = vec![true; tree.len()];
    // Mark the subtree of v: its vertices come after v in the BFS order.
    keep[v as usize] = false;
    for &w in tree.order() {
        if let Some(p) = tree.parent(w) {
            if !keep[p as usize] && w != v {
                keep[w as usize] = false;
            }
        }
    }
    induced_remap(schema, case, s, &keep)
}

/// The test case with the edge above `v` contracted: v's children hang from its parent;
/// queries on v move to the parent; v's own per-vertex value is dropped.
fn contracted(schema: &Schema, case: &Case, s: usize, tree: &Tree, v: u32) -> Case {
    let Value::Edges { n, edges, weights } = &case.values[s] else {
        unreachable!("a tree's value");
    };
    let p = tree.parent(v).expect("non-root");
    let mut vmap: Vec<u32> = (0..*n)
        .map(|w| if w < v { w } else { w.wrapping_sub(1) })
        .collect();
    vmap[v as usize] = vmap[p as usize];
    let mut emap = vec![GONE; edges.len()];
    let (mut ne, mut nw) = (Vec::new(), Vec::new());
    for (j, &(a, b)) in edges.iter().enumerate() {
        if (a == v && b == p) || (a == p && b == v) {
            continue;
        }
        emap[j] = ne.len() as u32;
        ne.push((vmap[a as usize], vmap[b as usize]));
        if let Some(&w) = weights.get(j) {
            nw.push(w);
        }
    }
    let new = Value::Edges {
        n: n - 1,
        edges: ne,
        weights: nw,
    };
    // Per-vertex arrays drop v's value (not its parent's): remap them as a removal.
    let mut removal = vmap.clone();
    removal[v as usize] = GONE;
    let mut c = remap(schema, case, s, new, &removal, &emap);
    // Queries on v move to its parent instead of being dropped.
    for (i, it) in schema.items.iter().enumerate() {
        if let (Item::Queries { kinds, .. }, Value::Queries(qs)) = (it, &case.values[i]) {
            if schema.structure_before(i) == Some(s) {
                c.values[i] = Value::Queries(moved_queries(kinds, qs, &vmap, &emap));
            }
        }
    }
    schema.sync_counts(&mut c);
    c
}

/// Queries with their vertices renumbered by `vmap` (never [`GONE`]) and their edges by
/// `emap`; a query on an edge that is gone is dropped.
fn moved_queries(
    kinds: &[Kind],
    qs: &[(usize, Vec<i64>)],
    vmap: &[u32],
    emap: &[u32],
) -> Vec<(usize, Vec<i64>)> {
    qs.iter()
        .filter_map(|(k, args)| {
            let mut args = args.clone();
            for (f, a) in kinds[*k].fields.iter().zip(args.iter_mut()) {
                match f {
                    Field::Vertex => *a = i64::from(vmap[*a as usize]),
                    Field::Edge => {
                        let to = emap[*a as usize];
                        if to == GONE {
                            return None;
                        }
                        *a = i64::from(to);
                    }
                    Field::Value(_) => {}
                }
            }
            Some((*k, args))
        })
        .collect()
}

/// The test case with the tree numbered densely breadth-first (parents before
/// children), unless it already is.
fn renumbered(schema: &Schema, case: &Case, s: usize, tree: &Tree) -> Option<Case> {
    let Value::Edges { edges, weights, .. } = &case.values[s] else {
        return None;
    };
    let n = tree.len();
    let order = tree.order();
    if order.iter().enumerate().all(|(i, &v)| v as usize == i) {
        return None;
    }
    let mut vmap = vec![0u32; n];
    for (i, &v) in order.iter().enumerate() {
        vmap[v as usize] = i as u32;
    }
    let ne: Vec<(u32, u32)> = (1..n)
        .map(|i| {
            let v = order[i];
            (vmap[tree.parent(v).expect("non-root") as usize], i as u32)
        })
        .collect();
    // The edge of child v keeps v's old edge's weight.
    let mut old_edge = vec![GONE; n];
    for (j, &(a, b)) in edges.iter().enumerate() {
        let child = if tree.parent(b) == Some(a) { b } else { a };
        old_edge[child as usize] = j as u32;
    }
    let mut emap = vec![GONE; edges.len()];
    let mut nw = Vec::new();
    for i in 1..n {
        let j = old_edge[order[i] as usize];
        emap[j as usize] = (i - 1) as u32;
        if let Some(&w) = weights.get(j as usize) {
            nw.push(w);
        }
    }
    let new = Value::Edges {
        n: n as u32,
        edges: ne,
        weights: nw,
    };
    Some(remap(schema, case, s, new, &vmap, &emap))
}

/// Graph steps: drop each edge, drop each vertex (with its edges).
fn graph_steps(schema: &Schema, case: &Case, s: usize, out: &mut Vec<Case>) {
    let Value::Edges { n, edges, weights } = &case.values[s] else {
        return;
    };
    let n = *n as usize;
    let identity: Vec<u32> = (0..n as u32).collect();
    let drop_edges: Vec<usize> = if edges.len() > LARGE {
        vec![]
    } else {
        (0..edges.len()).collect()
    };
    for j in drop_edges {
        let mut emap = vec![GONE; edges.len()];
        let (mut ne, mut nw) = (Vec::new(), Vec::new());
        for (k, &e) in edges.iter().enumerate() {
            if k != j {
                emap[k] = ne.len() as u32;
                ne.push(e);
                if let Some(&w) = weights.get(k) {
                    nw.push(w);
                }
            }
        }
        let new = Value::Edges {
            n: n as u32,
            edges: ne,
            weights: nw,
        };
        out.push(remap(schema, case, s, new, &identity, &emap));
    }
    if n > 1 && n <= LARGE {
        for v in (1..n).rev() {
            let mut keep = vec![true; n];
            keep[v] = false;
            out.extend(induced_remap(schema, case, s, &keep));
        }
    } else if n > LARGE {
        let keep: Vec<bool> = (0..n).map(|v| v < n / 2).collect();
        out.extend(induced_remap(schema, case, s, &keep));
    }
}

/// Lowering steps for a list of values ranged `lo..=hi`: all to the minimum, all halved
/// towards it, then (for short lists) each one alone: to the minimum, halved, and one
/// less. A single value also tries its [`NEAR`] smallest values, smallest first, so that
/// it ends at the least failing value when that is small, not at a local minimum of
/// halving (a heap of 13 or 41 where 5 fails too); each of a short list's values tries
/// the powers of two below it, then steps of a quarter, a sixteenth, … down.
fn lower_steps(vals: &[i64], lo: i64) -> Vec<Vec<i64>> {
    let mut out = Vec::new();
    if vals.iter().all(|&v| v == lo) {
        return out;
    }
    out.push(vec![lo; vals.len()]);
    out.push(vals.iter().map(|&v| lo + (v - lo) / 2).collect());
    if vals.len() <= 64 {
        for j in 0..vals.len() {
            if vals[j] != lo {
                let mut c = vals.to_vec();
                c[j] = lo;
                out.push(c);
                let mut h = vals.to_vec();
                h[j] = lo + (vals[j] - lo) / 2;
                if h[j] != vals[j] && h[j] != lo {
                    out.push(h);
                }
                // One less; and for a single value, also its smallest values, ascending.
                let mut below: Vec<i64> = Vec::new();
                if vals.len() == 1 {
                    below.extend(lo + 1..vals[j].min(lo.saturating_add(NEAR + 1)));
                }
                // Steps down by a quarter, a sixteenth, … of the distance to the least
                // value: a failure that needs a value past a threshold (a sum past 2^31)
                // comes down to it in logarithmically many steps, not one by one.
                if vals.len() <= 16 {
                    // The powers of two below it, ascending: where a narrow integer type
                    // wraps (a 16-bit value fails from 65,536 on, not only at 851,968).
                    let mut p = 2i64;
                    while p < vals[j] {
                        if p > lo + 1 {
                            below.push(p);
                        }
                        p = p.saturating_mul(2);
                    }
                    let mut d = (vals[j] - lo) / 4;
                    while d >= 2 {
                        below.push(vals[j] - d);
                        d /= 4;
                    }
                }
                if below.last() != Some(&(vals[j] - 1)) {
                    below.push(vals[j] - 1);
                }
                for x in below {
                    if x != lo && x != lo + (vals[j] - lo) / 2 {
                        let mut d = vals.to_vec();
                        d[j] = x;
                        out.push(d);
                    }
                }
            }
        }
    }
    out
}

/// How many of a single value's smallest values are tried.
const NEAR: i64 = 32;

/// The simplifications of one test case, biggest first: queries first (cheap and
/// usually irrelevant), then structures and arrays, then values.
fn case_steps(schema: &Schema, case: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    for (i, it) in schema.items.iter().enumerate() {
        if let (Item::Queries { .. }, Value::Queries(qs)) = (it, &case.values[i]) {
            query_drops(schema, case, i, qs, &mut out);
        }
    }
    for (i, it) in schema.items.iter().enumerate() {
        match it {
            Item::Tree { .. } => tree_steps(schema, case, i, &mut out),
            Item::Graph { .. } => graph_steps(schema, case, i, &mut out),
            Item::Array { len, .. } if !counts_structure(schema, len) => {
                if let Value::Array(a) = &case.values[i] {
                    array_drops(schema, case, i, a, &mut out);
                }
            }
            _ => {}
        }
    }
    for i in 0..schema.items.len() {
        value_steps(schema, case, i, &mut out);
    }
    out
}

/// Drop chunks of the queries of item `i` ([`chunks`]), then (unless there are many)
/// each one.
fn query_drops(
    schema: &Schema,
    case: &Case,
    i: usize,
    qs: &[(usize, Vec<i64>)],
    out: &mut Vec<Case>,
) {
    list_drops(schema, case, i, qs, Value::Queries, out);
}

/// Drop chunks of array item `i` ([`chunks`]), then (unless it is long) each element.
fn array_drops(schema: &Schema, case: &Case, i: usize, a: &[i64], out: &mut Vec<Case>) {
    list_drops(schema, case, i, a, Value::Array, out);
}

/// The ranges of a list of `len` items dropped at once, biggest first, as delta
/// debugging does: each half, each quarter, each eighth, each sixteenth (a failure that
/// needs two items far apart keeps them through every round).
fn chunks(len: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for parts in [2, 4, 8, 16] {
        if len < parts {
            break;
        }
        let size = len / parts;
        for j in 0..parts {
            let to = if j + 1 == parts { len } else { (j + 1) * size };
            out.push((j * size, to));
        }
    }
    out
}

/// Drops ranges of the list `items` of item `i`: its [`chunks`] first, then (unless the
/// list is long) each element alone; the counts follow.
fn list_drops<T: Clone>(
    schema: &Schema,
    case: &Case,
    i: usize,
    items: &[T],
    wrap: fn(Vec<T>) -> Value,
    out: &mut Vec<Case>,
) {
    let mut drops: Vec<(usize, usize)> = chunks(items.len());
    if items.len() <= LARGE {
        drops.extend((0..items.len()).map(|j| (j, j + 1)));
    }
    let mut seen = std::collections::HashSet::new();
    drops.retain(|d| seen.insert(*d));
    for (from, to) in drops {
        let mut kept = items.to_vec();
        kept.drain(from..to);
        let mut c = case.clone();
        c.values[i] = wrap(kept);
        schema.sync_counts(&mut c);
        out.push(c);
    }
}

/// The values of item `i` lowered towards their minimum: free integers (not counts),
/// array values, edge weights, query fields ranged by a limit (of at most 64 queries).
fn value_steps(schema: &Schema, case: &Case, i: usize, out: &mut Vec<Case>) {
    let with = |value: Value| {
        let mut c = case.clone();
        c.values[i] = value;
        c
    };
    match (&schema.items[i], &case.values[i]) {
        (Item::Ints(names), Value::Ints(vals)) => {
            let counts = schema.counts();
            for (j, name) in names.iter().enumerate() {
                if counts.contains(&name.as_str()) {
                    continue;
                }
                for lower in lower_steps(&vals[j..=j], schema.range(name).0) {
                    let mut v = vals.clone();
                    v[j] = lower[0];
                    out.push(with(Value::Ints(v)));
                }
            }
        }
        (Item::Array { values, .. }, Value::Array(a)) => {
            let lo = match values {
                Elements::Range(name) => schema.range(name).0,
                Elements::Vertex => 0,
            };
            for lower in lower_steps(a, lo) {
                out.push(with(Value::Array(lower)));
            }
        }
        (
            Item::Tree {
                weights: Some(w), ..
            }
            | Item::Graph {
                weights: Some(w), ..
            },
            Value::Edges { n, edges, weights },
        ) => {
            for lower in lower_steps(weights, schema.range(w).0) {
                out.push(with(Value::Edges {
                    n: *n,
                    edges: edges.clone(),
                    weights: lower,
                }));
            }
        }
        (Item::Queries { kinds, .. }, Value::Queries(qs)) if qs.len() <= 64 => {
            for (j, (k, args)) in qs.iter().enumerate() {
                for (f, field) in kinds[*k].fields.iter().enumerate() {
                    let Field::Value(name) = field else { continue };
                    for lower in lower_steps(&args[f..=f], schema.range(name).0) {
                        let mut q = qs.clone();
                        q[j].1[f] = lower[0];
                        out.push(with(Value::Queries(q)));
                    }
                }
            }
        }
        _ => {}
    }
}

/// True when `len` is the vertex or edge count of a tree or graph (such arrays shrink with
/// their structure, not on their own).
fn counts_structure(schema: &Schema, len: &str) -> bool {
    schema.items.iter().any(|it| match it {
        Item::Tree { count, .. } => count == len,
        Item::Graph { count, edges, .. } => count == len || edges == len,
        _ => false,
    })
}

/// Every single simplification of an input, biggest first: runs of test cases dropped
/// (halves down to sixteenths, then each alone unless there are many), then each test
/// case's own steps. Each is a recipe built only when tried, so a shrink of 10^4 test
/// cases holds one candidate at a time, not 10^4 copies of the input.
pub fn recipes<'a>(
    schema: std::rc::Rc<Schema>,
    inst: &'a Instance,
) -> Box<dyn Iterator<Item = Lazy<'a, Instance>> + 'a> {
    let k = inst.cases.len();
    let mut drops: Vec<(usize, usize)> = if k > 1 { chunks(k) } else { Vec::new() };
    if k > 1 && k <= LARGE {
        drops.extend((0..k).map(|j| (j, j + 1)));
    }
    let mut seen = std::collections::HashSet::new();
    drops.retain(|d| seen.insert(*d));
    let dropped = drops.into_iter().map(move |(from, to)| {
        Box::new(move || {
            let mut c = inst.clone();
            c.cases.drain(from..to);
            Some(c)
        }) as Lazy<'a, Instance>
    });
    let stepped = (0..k).flat_map(move |i| {
        case_steps(&schema, &inst.cases[i])
            .into_iter()
            .map(move |case| {
                Box::new(move || {
                    let mut c = inst.clone();
                    c.cases[i] = case;
                    Some(c)
                }) as Lazy<'a, Instance>
            })
    });
    Box::new(dropped.chain(stepped))
}

/// Every single simplification of an input, biggest first ([`recipes`], built).
pub fn candidates(schema: &Schema, inst: &Instance) -> Vec<Instance> {
    let schema = std::rc::Rc::new(schema.clone());
    recipes(schema, inst).filter_map(|r| r()).collect()
}

/// Shrinks `inst` while `fails` holds (`fails(&inst)` is assumed true).
pub fn shrink(
    schema: &Schema,
    inst: Instance,
    fails: impl FnMut(&Instance) -> bool,
) -> Shrunk<Instance> {
    shrink_with(
        schema,
        Resume::FromStart,
        inst,
        fails,
        &crate::shrink::never,
    )
}

/// [`shrink`], resuming after each step as `resume` says, ending where it stands once
/// `stop` says so.
pub fn shrink_with(
    schema: &Schema,
    resume: Resume,
    inst: Instance,
    fails: impl FnMut(&Instance) -> bool,
    stop: &dyn Fn() -> bool,
) -> Shrunk<Instance> {
    let schema = std::rc::Rc::new(schema.clone());
    greedy_lazy(
        resume,
        inst,
        |cur: &Instance| recipes(schema.clone(), cur),
        fails,
        stop,
    )
}

#[cfg(test)]
mod chunk_tests {
    #[test]
    fn lists_lose_halves_quarters_eighths_and_sixteenths() {
        let c = super::chunks(10);
        assert_eq!(&c[..2], &[(0, 5), (5, 10)]);
        assert_eq!(&c[2..6], &[(0, 2), (2, 4), (4, 6), (6, 10)]);
        assert_eq!(c.len(), 2 + 4 + 8);
        assert!(super::chunks(1).is_empty());
        let big = super::chunks(100_000);
        assert_eq!(big.len(), 2 + 4 + 8 + 16);
        assert_eq!(big.last(), Some(&(93_750, 100_000)));
    }

    /// A short list's value tries the powers of two below it, so a value that fails
    /// because a 16-bit type wraps comes down to 65,536.
    #[test]
    fn values_try_the_powers_of_two_below_them() {
        let steps = super::lower_steps(&[851_968, 0], 0);
        assert!(steps.contains(&vec![65_536, 0]));
        assert!(steps.contains(&vec![2, 0]));
        assert!(!steps.iter().any(|c| c[0] == 1_048_576));
    }
}

#[cfg(test)]
mod vertex_int_tests {
    use super::*;

    /// `ints = ["n", "x"]` with `vertex = ["x"]`: x ranges over the tree's vertices and
    /// follows its vertex through every removal, contraction and renumbering. The edge
    /// above x is marked (weight 99): every shrink candidate that keeps the mark keeps x
    /// below it, and the shrink ends at the two vertices joined by the marked edge.
    #[test]
    fn a_vertex_integer_follows_its_vertex() {
        let spec: grundy_games::schema::SchemaSpec = toml::from_str(
            "[[input]]\nints = [\"n\", \"x\"]\nvertex = [\"x\"]\n[[input]]\ntree = \"n\"\nweights = \"w\"\n[limits]\nn = [1, 100]\nw = [1, 99]\n",
        )
        .unwrap();
        let schema = Schema::new(&spec).unwrap();
        assert_eq!(schema.range("x"), (1, 100));
        assert!(schema.read(b"3 4\n1 2 1\n2 3 1\n").is_err(), "x past n");
        // (whether the marked edge is there, whether it is the edge above x)
        let marks = |inst: &Instance| {
            let case = &inst.cases[0];
            let (Value::Ints(xs), Value::Edges { edges, weights, .. }) =
                (&case.values[0], &case.values[1])
            else {
                return (false, false);
            };
            let x = (xs[1] - 1) as u32;
            // x is the lower end of the marked edge: an end of it, not vertex 1.
            let above = edges
                .iter()
                .zip(weights)
                .any(|(&(a, b), &w)| w == 99 && (a == x || b == x));
            (weights.contains(&99), above && x != 0)
        };
        let inst = schema
            .read(b"8 5\n1 2 1\n2 3 1\n3 4 1\n1 5 99\n5 6 1\n6 7 1\n1 8 1\n")
            .unwrap();
        assert_eq!(marks(&inst), (true, true));
        let all = candidates(&schema, &inst);
        assert!(all.len() > 10);
        // The candidates that change the tree (the others lower a value, x's too).
        for c in all
            .iter()
            .filter(|c| c.cases[0].values[1] != inst.cases[0].values[1])
        {
            let (marked, above) = marks(c);
            assert!(!marked || above, "x lost its vertex:\n{}", schema.write(c));
        }
        let shrunk = shrink(&schema, inst, |i| marks(i).1);
        assert_eq!(schema.write(&shrunk.case), "2 2\n1 2 99\n");
    }
}
