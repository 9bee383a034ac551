//! Problem schemas: the input of a problem that grundy has never seen, described as a
//! sequence of building blocks — integers with ranges, a tree (edge list or parent list), a
//! graph (multigraph, cactus, with or without loops), per-vertex arrays, per-edge weights,
//! lists of queries of several kinds, several test cases with a limit on the sum of sizes.
//!
//! [`SchemaSpec`] is what a setter writes (the `[[input]]`, `[limits]` and `[tests]` of a
//! package's `problem.toml`, deserialized with serde); [`Schema::new`] checks it (every name
//! defined before it is used, every range sensible) and resolves it; an [`Instance`] is one
//! input as values; [`Schema::read`] parses and validates an input (every error names its
//! line), [`Schema::write`] prints one. Generators and the shrinker of instances live in the
//! fuzzing crate; running references and checkers in the command line.

use crate::bound::{Bound, Expr};
use crate::error::{ErrorKind, InputError};
use crate::graph::Graph;
use crate::scan::Scanner;
use crate::tree::Tree;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One `[[input]]` item as written in `problem.toml`: exactly one of `ints`, `tree`,
/// `graph`, `array` or `queries`, with that kind's options.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemSpec {
    /// Integers on one line, by name (each needs a range in `[limits]`).
    pub ints: Option<Vec<String>>,
    /// A tree; the value is the name of the integer holding its vertex count.
    pub tree: Option<String>,
    /// Tree layout: `edges` (n − 1 lines `u v`, default) or `parents` (one line p_2 … p_n).
    pub format: Option<String>,
    /// A graph; the value is the name of the integer holding its vertex count.
    pub graph: Option<String>,
    /// Graph: the name of the integer holding its edge count (m lines `a b`).
    pub edges: Option<String>,
    /// Graph: loops allowed (default false).
    pub loops: Option<bool>,
    /// Graph: parallel edges allowed (default false).
    pub multi: Option<bool>,
    /// Graph: must be connected (default true).
    pub connected: Option<bool>,
    /// Graph: every edge on at most one cycle (default false).
    pub cactus: Option<bool>,
    /// Tree or graph: a value at the end of every edge line, ranged by this limit (for a
    /// `parents` tree, a line `w_2 … w_n` after the parents: the edge above each vertex).
    pub weights: Option<String>,
    /// Ints: the integers of this line that are vertices (1-based) of the tree or graph
    /// that follows (`ints = ["n", "x"]`, `vertex = ["x"]`): their range is 1 to its
    /// vertex count, and a shrink renumbering the vertices takes them along.
    pub vertex: Option<Vec<String>>,
    /// An array on one line; the value is the name of the integer holding its length.
    pub array: Option<String>,
    /// Array: the limit that ranges its values, or `vertex`: vertex ids (1-based) of the
    /// tree or graph before it.
    pub values: Option<String>,
    /// Array of vertices: no vertex twice (default false).
    pub distinct: Option<bool>,
    /// Array: the order of its values does not matter to the answer, a multiset
    /// (default false): `grundy values` enumerates each multiset once.
    pub unordered: Option<bool>,
    /// Array: the name the rules file sees it by (default: its `values`, or `vertices`).
    pub name: Option<String>,
    /// Queries, one per line; the value is the name of the integer holding their count.
    pub queries: Option<String>,
    /// Queries: their kinds, each a list of fields: an integer tag (`"1"`), `vertex`,
    /// `edge`, or the name of a limit (a ranged integer).
    pub kinds: Option<Vec<Vec<String>>>,
}

/// `[tests]`: several test cases in one input.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestsSpec {
    /// The name of the integer, on the first line, holding the number of test cases
    /// (its range comes from `[limits]`); absent: test cases until the end of the input.
    pub count: Option<String>,
    /// Limits on sums over all test cases, e.g. `{ n = 200000 }`.
    #[serde(default)]
    pub sum: BTreeMap<String, i64>,
}

/// The schema part of `problem.toml`.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct SchemaSpec {
    /// The items of one test case, in order.
    #[serde(default)]
    pub input: Vec<ItemSpec>,
    /// The statement's limits: `name = [min, max]`, each bound an integer or an
    /// expression over integers read before ([`crate::bound`]).
    #[serde(default)]
    pub limits: BTreeMap<String, [Bound; 2]>,
    /// Several test cases (absent: exactly one).
    pub tests: Option<TestsSpec>,
}

/// A field of a query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// A vertex of the test case's tree or graph (1-based in the text).
    Vertex,
    /// An edge of the test case's tree or graph, by its 1-based index in input order.
    Edge,
    /// An integer ranged by the named limit.
    Value(String),
}

/// A kind of query: an optional leading tag, then fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kind {
    /// The literal first token that selects this kind (`None`: a single untagged kind).
    pub tag: Option<i64>,
    /// The fields after the tag.
    pub fields: Vec<Field>,
}

/// A graph's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphRules {
    /// Loops allowed.
    pub loops: bool,
    /// Parallel edges allowed.
    pub multi: bool,
    /// Must be connected.
    pub connected: bool,
    /// Every edge on at most one cycle.
    pub cactus: bool,
}

/// A resolved item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// Integers on one line (names).
    Ints(Vec<String>),
    /// A tree on `count` vertices.
    Tree {
        /// The integer holding the vertex count.
        count: String,
        /// Parent-list layout instead of an edge list.
        parents: bool,
        /// A weight at the end of every edge line.
        weights: Option<String>,
    },
    /// A graph on `count` vertices with `edges` edges.
    Graph {
        /// The integer holding the vertex count.
        count: String,
        /// The integer holding the edge count.
        edges: String,
        /// What the graph may and must be.
        rules: GraphRules,
        /// A weight at the end of every edge line.
        weights: Option<String>,
    },
    /// `len` values, on one line.
    Array {
        /// The integer holding the length.
        len: String,
        /// What the values are.
        values: Elements,
        /// No value twice.
        distinct: bool,
        /// The order of the values does not matter (a multiset, or a set when distinct).
        unordered: bool,
        /// The name the rules file sees it by.
        name: String,
    },
    /// `count` queries of the given kinds, one per line.
    Queries {
        /// The integer holding the count.
        count: String,
        /// The kinds.
        kinds: Vec<Kind>,
    },
}

/// What an array holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Elements {
    /// Integers ranged by the named limit.
    Range(String),
    /// Vertices of the tree or graph before the array: 1-based in the text, stored 0-based
    /// (as query fields are).
    Vertex,
}

/// How many test cases an input holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tests {
    /// Exactly one.
    One,
    /// A count on the first line.
    Count(String),
    /// Test cases until the end of the input (at least one).
    UntilEof,
}

/// A checked schema.
#[derive(Clone, Debug)]
pub struct Schema {
    /// Items of one test case.
    pub items: Vec<Item>,
    /// Ranges by name: for a bound that names other integers, the least and the
    /// greatest it can be (its envelope; [`Schema::range_in`] gives it for one case).
    pub limits: BTreeMap<String, (i64, i64)>,
    /// The bounds that name other integers, as expressions.
    pub dependent: BTreeMap<String, (Expr, Expr)>,
    /// How test cases are laid out.
    pub tests: Tests,
    /// Limits on sums over the test cases.
    pub sums: BTreeMap<String, i64>,
    /// Integers that are vertices (1-based) of a structure: name → the structure's item.
    pub vertex_ints: BTreeMap<String, usize>,
}

/// The value of one item in one test case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// The integers of an `ints` item.
    Ints(Vec<i64>),
    /// A tree or graph: vertex count, 0-based edges in input order, weights (empty
    /// without weights). For a `parents` tree, edge i is (parent of i + 1, i + 1).
    Edges {
        /// Vertices.
        n: u32,
        /// Edges.
        edges: Vec<(u32, u32)>,
        /// One weight per edge, or none.
        weights: Vec<i64>,
    },
    /// An array's values (vertex ids 0-based).
    Array(Vec<i64>),
    /// Queries: kind index and fields (vertices and edges 0-based).
    Queries(Vec<(usize, Vec<i64>)>),
}

/// One test case: a value per item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// Values, aligned with [`Schema::items`].
    pub values: Vec<Value>,
}

/// One input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// Its test cases.
    pub cases: Vec<Case>,
}

/// A problem with a schema, as a message (the caller adds the file and position).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

impl From<String> for SpecError {
    fn from(m: String) -> SpecError {
        SpecError(m)
    }
}

impl From<&str> for SpecError {
    fn from(m: &str) -> SpecError {
        SpecError(m.to_string())
    }
}

fn parse_tag(s: &str) -> Option<i64> {
    s.parse::<i64>().ok()
}

impl Schema {
    /// A schema without items: the input format belongs to a built-in engine.
    pub fn empty() -> Schema {
        Schema {
            items: Vec::new(),
            limits: BTreeMap::new(),
            dependent: BTreeMap::new(),
            tests: Tests::One,
            sums: BTreeMap::new(),
            vertex_ints: BTreeMap::new(),
        }
    }

    /// Checks and resolves a written schema. Errors name the item (1-based) and say what
    /// is expected.
    pub fn new(spec: &SchemaSpec) -> Result<Schema, SpecError> {
        let (vertex_ints, implied) = vertex_ints(&spec.input)?;
        let mut written = spec.limits.clone();
        for (name, bounds) in implied {
            written.entry(name).or_insert(bounds);
        }
        let (limits, dependent) = resolve_limits(&written)?;
        let mut r = Resolver {
            limits,
            dependent,
            defined: Vec::new(),
            structure: None,
        };
        let tests = match spec.tests.as_ref().map(|t| &t.count) {
            None => Tests::One,
            Some(None) => Tests::UntilEof,
            Some(Some(c)) => {
                r.need(c, "tests.count")?;
                r.bounds_known(c, "tests.count", false)?;
                if r.limits[c].0 < 1 {
                    return Err(SpecError::from(format!(
                        "limits.{c}: the number of test cases is at least 1"
                    )));
                }
                r.defined.push(c.clone());
                Tests::Count(c.clone())
            }
        };
        if spec.input.is_empty() {
            return Err(SpecError::from(
                "[[input]]: the input has no items (expected at least one)",
            ));
        }
        let items = spec
            .input
            .iter()
            .enumerate()
            .map(|(i, it)| r.item(i, it))
            .collect::<Result<Vec<Item>, SpecError>>()?;
        let sums = spec
            .tests
            .as_ref()
            .map(|t| t.sum.clone())
            .unwrap_or_default();
        if let Some(name) = sums.keys().find(|n| !r.defined.contains(n)) {
            return Err(SpecError::from(format!(
                "tests.sum: `{name}` is not an integer of the input"
            )));
        }
        Ok(Schema {
            items,
            limits: r.limits,
            dependent: r.dependent,
            tests,
            sums,
            vertex_ints,
        })
    }

    /// The range of a limit (for a bound that names other integers, its envelope).
    pub fn range(&self, name: &str) -> (i64, i64) {
        self.limits[name]
    }

    /// The range of a limit in one test case, where `known` holds the integers read (or
    /// made) so far: a bound that names them is evaluated with their values (a name not
    /// known yet stands for its whole range).
    pub fn range_in(&self, name: &str, known: &dyn Fn(&str) -> Option<i64>) -> (i64, i64) {
        let Some((lo, hi)) = self.dependent.get(name) else {
            return self.limits[name];
        };
        let env = |n: &str| {
            known(n)
                .map(|v| (v, v))
                .or_else(|| self.limits.get(n).copied())
        };
        // Within the envelope: a schema narrowed by caps keeps its bounds under them.
        let (env_lo, env_hi) = self.limits[name];
        let lo = lo.eval(&env).map_or(env_lo, |r| r.0).max(env_lo);
        let hi = hi.eval(&env).map_or(env_hi, |r| r.1).min(env_hi);
        (lo, hi)
    }

    /// The schema with some limits narrowed to `caps` (name → range), each intersected
    /// with its own range: the inputs a game's rules can answer (`[game] small`). An
    /// error names a cap that is no limit (with the nearest name) or misses its range.
    pub fn narrowed(
        &self,
        caps: &BTreeMap<String, (i64, i64)>,
    ) -> Result<Schema, crate::bound::BoundError> {
        let mut out = self.clone();
        for (name, &(lo, hi)) in caps {
            let Some(&(a, b)) = self.limits.get(name) else {
                let names: Vec<&str> = self.limits.keys().map(String::as_str).collect();
                return Err(format!(
                    "`{name}` is no limit of [limits]{} (the limits: {})",
                    crate::suggest::did_you_mean(name, names.iter().copied()),
                    names.join(", ")
                )
                .into());
            };
            let (lo, hi) = (lo.max(a), hi.min(b));
            if lo > hi {
                return Err(format!(
                    "`{name}`: the cap [{}, {}] holds no value of its range [{a}, {b}]",
                    caps[name].0, caps[name].1
                )
                .into());
            }
            out.limits.insert(name.clone(), (lo, hi));
        }
        Ok(out)
    }

    /// True when every integer of `case` is within its range as the case's own values
    /// make it (the bounds that name other integers).
    pub fn bounds_hold(&self, case: &Case) -> bool {
        let known = |n: &str| self.int_of(case, n);
        self.items
            .iter()
            .zip(&case.values)
            .all(|(it, v)| match (it, v) {
                (Item::Ints(names), Value::Ints(vals)) => names.iter().zip(vals).all(|(n, x)| {
                    let (lo, hi) = self.range_in(n, &known);
                    (lo..=hi).contains(x)
                }),
                (
                    Item::Array {
                        values: Elements::Range(lim),
                        ..
                    },
                    Value::Array(a),
                ) => {
                    let (lo, hi) = self.range_in(lim, &known);
                    a.iter().all(|x| (lo..=hi).contains(x))
                }
                _ => true,
            })
    }

    /// The item index of the tree or graph that `vertex`/`edge` fields of item `q` refer
    /// to: the last one before it.
    pub fn structure_before(&self, q: usize) -> Option<usize> {
        (0..q)
            .rev()
            .find(|&i| matches!(self.items[i], Item::Tree { .. } | Item::Graph { .. }))
    }

    /// The integer names that count something (vertices, edges, values, queries): their
    /// values follow from the structures and are never chosen freely.
    pub fn counts(&self) -> Vec<&str> {
        let mut out = Vec::new();
        for it in &self.items {
            match it {
                Item::Tree { count, .. } => out.push(count.as_str()),
                Item::Graph { count, edges, .. } => {
                    out.push(count.as_str());
                    out.push(edges.as_str());
                }
                Item::Array { len, .. } => out.push(len.as_str()),
                Item::Queries { count, .. } => out.push(count.as_str()),
                Item::Ints(_) => {}
            }
        }
        out
    }

    /// Sets every count integer of `case` from the structure it counts (after an edit).
    pub fn sync_counts(&self, case: &mut Case) {
        let mut set: Vec<(String, i64)> = Vec::new();
        for (it, v) in self.items.iter().zip(&case.values) {
            match (it, v) {
                (Item::Tree { count, .. }, Value::Edges { n, .. }) => {
                    set.push((count.clone(), i64::from(*n)))
                }
                (Item::Graph { count, edges, .. }, Value::Edges { n, edges: es, .. }) => {
                    set.push((count.clone(), i64::from(*n)));
                    set.push((edges.clone(), es.len() as i64));
                }
                (Item::Array { len, .. }, Value::Array(a)) => {
                    set.push((len.clone(), a.len() as i64))
                }
                (Item::Queries { count, .. }, Value::Queries(q)) => {
                    set.push((count.clone(), q.len() as i64))
                }
                _ => {}
            }
        }
        for (it, v) in self.items.iter().zip(case.values.iter_mut()) {
            if let (Item::Ints(names), Value::Ints(vals)) = (it, v) {
                for (name, val) in names.iter().zip(vals.iter_mut()) {
                    if let Some((_, x)) = set.iter().find(|(n, _)| n == name) {
                        *val = *x;
                    }
                }
            }
        }
        if !self.dependent.is_empty() {
            self.pull_bounds(case);
        }
    }

    /// Every free integer and array value whose bound names other integers, brought into
    /// its range as the case's values make it (in reading order): shrinking `n` pulls an
    /// `x` in `[1, n]` along. Counts are left as their structures make them.
    fn pull_bounds(&self, case: &mut Case) {
        let counts = self.counts();
        for i in 0..self.items.len() {
            let fixed: Vec<(usize, i64)> = match (&self.items[i], &case.values[i]) {
                (Item::Ints(names), Value::Ints(vals)) => names
                    .iter()
                    .enumerate()
                    .filter(|(_, n)| {
                        self.dependent.contains_key(*n) && !counts.contains(&n.as_str())
                    })
                    .map(|(k, n)| {
                        let (lo, hi) = self.range_in(n, &|m| self.int_of(case, m));
                        (k, vals[k].clamp(lo, hi.max(lo)))
                    })
                    .collect(),
                (
                    Item::Array {
                        values: Elements::Range(lim),
                        ..
                    },
                    Value::Array(a),
                ) if self.dependent.contains_key(lim) => {
                    let (lo, hi) = self.range_in(lim, &|m| self.int_of(case, m));
                    a.iter()
                        .enumerate()
                        .map(|(k, x)| (k, (*x).clamp(lo, hi.max(lo))))
                        .collect()
                }
                _ => Vec::new(),
            };
            match &mut case.values[i] {
                Value::Ints(vals) | Value::Array(vals) => {
                    for (k, x) in fixed {
                        vals[k] = x;
                    }
                }
                _ => {}
            }
        }
    }

    /// The value of integer `name` in a test case (`None` if it is not read there).
    pub fn int_of(&self, case: &Case, name: &str) -> Option<i64> {
        self.items
            .iter()
            .zip(&case.values)
            .find_map(|(it, v)| match (it, v) {
                (Item::Ints(names), Value::Ints(vals)) => {
                    names.iter().position(|n| n == name).map(|i| vals[i])
                }
                _ => None,
            })
    }

    /// The size of an input: the vertices of its trees and graphs (for a test case without
    /// any, its largest count: values or queries), summed over the test cases.
    pub fn size(&self, inst: &Instance) -> usize {
        let counts = self.counts();
        inst.cases
            .iter()
            .map(|c| {
                let vertices: usize = c
                    .values
                    .iter()
                    .map(|v| match v {
                        Value::Edges { n, .. } => *n as usize,
                        _ => 0,
                    })
                    .sum();
                if vertices > 0 {
                    return vertices;
                }
                counts
                    .iter()
                    .filter_map(|n| self.int_of(c, n))
                    .max()
                    .unwrap_or(1)
                    .max(0) as usize
            })
            .sum()
    }

    /// Vertices of all trees and graphs of an input (what a report calls its size).
    pub fn vertices(&self, inst: &Instance) -> usize {
        inst.cases
            .iter()
            .flat_map(|c| &c.values)
            .map(|v| match v {
                Value::Edges { n, .. } => *n as usize,
                _ => 0,
            })
            .sum()
    }

    /// Prints an input.
    pub fn write(&self, inst: &Instance) -> String {
        let mut out = String::new();
        if matches!(self.tests, Tests::Count(_)) {
            let _ = writeln!(out, "{}", inst.cases.len());
        }
        for case in &inst.cases {
            for (it, v) in self.items.iter().zip(&case.values) {
                write_value(&mut out, it, v);
            }
        }
        out
    }

    /// Parses and validates an input against the schema and its limits.
    pub fn read(&self, input: &[u8]) -> Result<Instance, InputError> {
        let mut s = Scanner::new(input);
        let mut cases = Vec::new();
        // The line each test case starts on, for the limits on sums.
        let mut starts = Vec::new();
        let mut case = |s: &mut Scanner<'_>| -> Result<(), InputError> {
            starts.push(s.line());
            cases.push(self.read_case(s)?);
            Ok(())
        };
        match &self.tests {
            Tests::One => case(&mut s)?,
            Tests::Count(name) => {
                let (lo, hi) = self.limits[name];
                let t = s.signed_in(&format!("{name} (the number of test cases)"), lo, hi)?;
                for _ in 0..t {
                    case(&mut s)?;
                }
            }
            Tests::UntilEof => loop {
                case(&mut s)?;
                if s.at_end() {
                    break;
                }
            },
        }
        s.finish()?;
        for (name, &max) in &self.sums {
            let mut total = 0i64;
            for (k, c) in cases.iter().enumerate() {
                total = total.saturating_add(self.int_of(c, name).unwrap_or(0));
                if total > max {
                    return Err(InputError::new(
                        starts[k],
                        ErrorKind::Constraint,
                        format!(
                            "test case {}: the sum of {name} over the test cases reaches {total}, more than {max}",
                            k + 1
                        ),
                    ));
                }
            }
        }
        Ok(Instance { cases })
    }

    /// Reads the integer `name` in `[lo, hi]`; out of a range that depends on other
    /// integers, the error says which bound and with what values.
    fn read_bounded(
        &self,
        s: &mut Scanner<'_>,
        name: &str,
        lo: i64,
        hi: i64,
    ) -> Result<i64, InputError> {
        let Some((elo, ehi)) = self.dependent.get(name) else {
            return s.signed_in(name, lo, hi);
        };
        let line = s.line();
        let x = s.signed_in(name, self.limits[name].0, self.limits[name].1)?;
        if !(lo..=hi).contains(&x) {
            return Err(InputError::new(
                line,
                ErrorKind::Constraint,
                format!(
                    "{name} = {x} is out of its range [{}, {}] = [{lo}, {hi}] here",
                    elo.text(),
                    ehi.text()
                ),
            ));
        }
        Ok(x)
    }

    fn read_case(&self, s: &mut Scanner<'_>) -> Result<Case, InputError> {
        let mut env: BTreeMap<&str, i64> = BTreeMap::new();
        let mut values: Vec<Value> = Vec::with_capacity(self.items.len());
        for (i, it) in self.items.iter().enumerate() {
            let v = match it {
                Item::Ints(names) => {
                    let mut vals = Vec::with_capacity(names.len());
                    for n in names {
                        let (lo, hi) = self.range_in(n, &|k| env.get(k).copied());
                        let x = self.read_bounded(s, n, lo, hi)?;
                        env.insert(n, x);
                        vals.push(x);
                    }
                    Value::Ints(vals)
                }
                Item::Tree {
                    count,
                    parents,
                    weights,
                } => {
                    let n = env[count.as_str()];
                    read_tree(self, s, n as usize, *parents, weights.as_deref())?
                }
                Item::Graph {
                    count,
                    edges,
                    rules,
                    weights,
                } => {
                    let n = env[count.as_str()] as usize;
                    let m = env[edges.as_str()].max(0) as usize;
                    read_graph(self, s, n, m, rules, weights.as_deref())?
                }
                Item::Array {
                    len: count,
                    values: elements,
                    distinct,
                    unordered: _,
                    name,
                } => {
                    let len = env[count.as_str()].max(0) as usize;
                    let mut a = Vec::with_capacity(len.min(s.remaining()));
                    match elements {
                        Elements::Range(lim) => {
                            let (lo, hi) = self.range_in(lim, &|k| env.get(k).copied());
                            for k in 0..len {
                                a.push(s.signed_with(lo, hi, || format!("{lim}[{}]", k + 1))?);
                            }
                        }
                        Elements::Vertex => {
                            let n = match self.structure_before(i).map(|j| &values[j]) {
                                Some(Value::Edges { n, .. }) => *n as usize,
                                _ => 0,
                            };
                            read_vertices(s, n, len, *distinct, name, &mut a)?;
                        }
                    }
                    Value::Array(a)
                }
                Item::Queries { count, kinds } => {
                    let q = env[count.as_str()].max(0) as usize;
                    let st = self.structure_before(i).map(|j| match &values[j] {
                        Value::Edges { n, edges, .. } => (*n as i64, edges.len() as i64),
                        _ => (0, 0),
                    });
                    let mut qs = Vec::with_capacity(q.min(s.remaining()));
                    for k in 0..q {
                        qs.push(read_query(self, s, kinds, st, k + 1)?);
                    }
                    Value::Queries(qs)
                }
            };
            values.push(v);
        }
        Ok(Case { values })
    }
}

/// Reads `len` vertex ids of a tree or graph on `n` vertices into `a` (the array `name`),
/// each listed once when `distinct`.
fn read_vertices(
    s: &mut Scanner<'_>,
    n: usize,
    len: usize,
    distinct: bool,
    name: &str,
    a: &mut Vec<i64>,
) -> Result<(), InputError> {
    let mut seen = vec![false; if distinct { n } else { 0 }];
    for k in 0..len {
        let line = s.line();
        let v = s.vertex(n, || format!("{name}[{}] (a vertex)", k + 1))?;
        if distinct {
            if seen[v as usize] {
                return Err(InputError::new(
                    line,
                    crate::error::ErrorKind::Constraint,
                    format!(
                        "vertex {} is listed twice in `{name}` (its vertices are distinct)",
                        v + 1
                    ),
                ));
            }
            seen[v as usize] = true;
        }
        a.push(i64::from(v));
    }
    Ok(())
}

/// Resolves the written items one by one: the integers read so far, the last tree or
/// graph (what `vertex` and `edge` fields refer to), the limits.
struct Resolver {
    limits: BTreeMap<String, (i64, i64)>,
    dependent: BTreeMap<String, (Expr, Expr)>,
    defined: Vec<String>,
    structure: Option<usize>,
}

impl Resolver {
    /// `name` has a range in `[limits]`.
    fn need(&self, name: &str, at: &str) -> Result<(), SpecError> {
        need_limit(&self.limits, name, at)
    }

    /// A bound of `name` that names other integers names only integers read before
    /// `at`; `what` is where such a bound may not be (`None`: anywhere it is read).
    fn bounds_known(&self, name: &str, at: &str, allowed: bool) -> Result<(), SpecError> {
        let Some((lo, hi)) = self.dependent.get(name) else {
            return Ok(());
        };
        if !allowed {
            return Err(SpecError::from(format!(
                "limits.{name}: a bound that names another integer (`{}`, `{}`) is allowed for integers on a line and array values, not here ({at})",
                lo.text(),
                hi.text()
            )));
        }
        for e in [lo, hi] {
            if let Some(n) = e
                .names()
                .into_iter()
                .find(|n| !self.defined.iter().any(|d| d == n))
            {
                return Err(SpecError::from(format!(
                    "limits.{name}: its bound `{}` names `{n}`, which is not an integer read before {at} (a bound may name only integers read before it)",
                    e.text()
                )));
            }
        }
        Ok(())
    }

    /// `name` is an integer read before this item.
    fn count_of(&self, name: &str, what: &str, at: &str) -> Result<(), SpecError> {
        if !self.defined.iter().any(|d| d == name) {
            return Err(SpecError::from(format!(
                "{at}: {what} `{name}` is not an integer read before this item (define it with `ints = [\"{name}\"]` first)"
            )));
        }
        Ok(())
    }

    /// Item `i`, checked and resolved.
    fn item(&mut self, i: usize, it: &ItemSpec) -> Result<Item, SpecError> {
        let at = format!("input item {}", i + 1);
        let kinds_given = [
            it.ints.is_some(),
            it.tree.is_some(),
            it.graph.is_some(),
            it.array.is_some(),
            it.queries.is_some(),
        ];
        if kinds_given.iter().filter(|&&k| k).count() != 1 {
            return Err(SpecError::from(format!(
                "{at}: expected exactly one of `ints`, `tree`, `graph`, `array` or `queries`"
            )));
        }
        if let Some(names) = &it.ints {
            only(it, &["vertex"], &at)?;
            self.ints(names, &at)
        } else if let Some(count) = &it.tree {
            only(it, &["format", "weights"], &at)?;
            self.structure = Some(i);
            self.tree(count, it, &at)
        } else if let Some(count) = &it.graph {
            only(
                it,
                &["edges", "loops", "multi", "connected", "cactus", "weights"],
                &at,
            )?;
            self.structure = Some(i);
            self.graph(count, it, &at)
        } else if let Some(len) = &it.array {
            only(it, &["values", "distinct", "unordered", "name"], &at)?;
            self.array(len, it, &at)
        } else {
            let count = it.queries.as_ref().expect("one kind is given");
            only(it, &["kinds"], &at)?;
            self.queries(count, it, &at)
        }
    }

    fn ints(&mut self, names: &[String], at: &str) -> Result<Item, SpecError> {
        if names.is_empty() {
            return Err(SpecError::from(format!("{at}: `ints` names no integer")));
        }
        for n in names {
            self.need(n, at)?;
            if self.defined.contains(n) {
                return Err(SpecError::from(format!("{at}: `{n}` is read twice")));
            }
            self.bounds_known(n, at, true)?;
            self.defined.push(n.clone());
        }
        Ok(Item::Ints(names.to_vec()))
    }

    fn tree(&self, count: &str, it: &ItemSpec, at: &str) -> Result<Item, SpecError> {
        self.count_of(count, "the vertex count", at)?;
        if self.limits[count].0 < 1 {
            return Err(SpecError::from(format!(
                "limits.{count}: a tree has at least 1 vertex"
            )));
        }
        let parents = match it.format.as_deref() {
            None | Some("edges") => false,
            Some("parents") => true,
            Some(other) => {
                return Err(SpecError::from(format!(
                    "{at}: format `{other}` (expected `edges` or `parents`)"
                )))
            }
        };
        if let Some(w) = &it.weights {
            self.need(w, at)?;
            self.bounds_known(w, &format!("{at}, weights"), false)?;
        }
        Ok(Item::Tree {
            count: count.to_string(),
            parents,
            weights: it.weights.clone(),
        })
    }

    fn graph(&self, count: &str, it: &ItemSpec, at: &str) -> Result<Item, SpecError> {
        self.count_of(count, "the vertex count", at)?;
        if self.limits[count].0 < 1 {
            return Err(SpecError::from(format!(
                "limits.{count}: a graph has at least 1 vertex"
            )));
        }
        let Some(edges) = &it.edges else {
            return Err(SpecError::from(format!(
                "{at}: a graph needs `edges`, the name of its edge count"
            )));
        };
        self.count_of(edges, "the edge count", at)?;
        if let Some(w) = &it.weights {
            self.need(w, at)?;
            self.bounds_known(w, &format!("{at}, weights"), false)?;
        }
        Ok(Item::Graph {
            count: count.to_string(),
            edges: edges.clone(),
            rules: GraphRules {
                loops: it.loops.unwrap_or(false),
                multi: it.multi.unwrap_or(false),
                connected: it.connected.unwrap_or(true),
                cactus: it.cactus.unwrap_or(false),
            },
            weights: it.weights.clone(),
        })
    }

    fn array(&self, len: &str, it: &ItemSpec, at: &str) -> Result<Item, SpecError> {
        self.count_of(len, "the length", at)?;
        let Some(values) = &it.values else {
            return Err(SpecError::from(format!(
                "{at}: an array needs `values`, the limit of its values"
            )));
        };
        let elements = if values == "vertex" {
            if self.structure.is_none() {
                return Err(SpecError::from(format!(
                    "{at}: an array of `vertex` values needs a tree or graph before it"
                )));
            }
            Elements::Vertex
        } else {
            if it.distinct.is_some() {
                return Err(SpecError::from(format!(
                    "{at}: `distinct` applies to arrays of vertices (`values = \"vertex\"`)"
                )));
            }
            self.need(values, at)?;
            self.bounds_known(values, at, true)?;
            Elements::Range(values.clone())
        };
        let name = match &it.name {
            Some(n)
                if n.is_empty() || !n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') =>
            {
                return Err(SpecError::from(format!(
                    "{at}: `name = \"{n}\"` must be letters, digits and underscores"
                )))
            }
            Some(n) => n.clone(),
            None if elements == Elements::Vertex => "vertices".to_string(),
            None => values.clone(),
        };
        Ok(Item::Array {
            len: len.to_string(),
            values: elements,
            distinct: it.distinct.unwrap_or(false),
            unordered: it.unordered.unwrap_or(false),
            name,
        })
    }

    fn queries(&self, count: &str, it: &ItemSpec, at: &str) -> Result<Item, SpecError> {
        self.count_of(count, "the query count", at)?;
        let Some(kinds) = &it.kinds else {
            return Err(SpecError::from(format!(
                "{at}: queries need `kinds`, e.g. kinds = [[\"1\", \"vertex\", \"x\"], [\"2\", \"vertex\"]]"
            )));
        };
        if kinds.is_empty() {
            return Err(SpecError::from(format!("{at}: `kinds` is empty")));
        }
        let resolved = kinds
            .iter()
            .enumerate()
            .map(|(k, kind)| self.kind(k, kind, kinds.len(), at))
            .collect::<Result<Vec<Kind>, SpecError>>()?;
        let mut tags: Vec<i64> = resolved.iter().filter_map(|k| k.tag).collect();
        tags.sort_unstable();
        if tags.windows(2).any(|w| w[0] == w[1]) {
            return Err(SpecError::from(format!("{at}: two kinds share a tag")));
        }
        Ok(Item::Queries {
            count: count.to_string(),
            kinds: resolved,
        })
    }

    /// Kind `k` of `total`: its tag (required when there are several) and fields.
    fn kind(&self, k: usize, kind: &[String], total: usize, at: &str) -> Result<Kind, SpecError> {
        let tag = kind.first().and_then(|t| parse_tag(t));
        if total > 1 && tag.is_none() {
            return Err(SpecError::from(format!(
                "{at}: kind {} has no leading integer tag (several kinds are told apart by their first token)",
                k + 1
            )));
        }
        let mut fields = Vec::new();
        for f in kind.iter().skip(usize::from(tag.is_some())) {
            fields.push(match f.as_str() {
                "vertex" | "edge" if self.structure.is_none() => {
                    return Err(SpecError::from(format!(
                        "{at}: `{f}` fields need a tree or graph before the queries"
                    )))
                }
                "vertex" => Field::Vertex,
                "edge" => Field::Edge,
                name => {
                    self.need(name, at)?;
                    self.bounds_known(name, &format!("{at}, a query field"), false)?;
                    Field::Value(name.to_string())
                }
            });
        }
        Ok(Kind { tag, fields })
    }
}

/// The integers declared vertices (`vertex = ["x"]` on an `ints` line): each with the item
/// index of the tree or graph that follows its line, and the range that implies,
/// `[1, COUNT]` (used where `[limits]` does not give one).
#[allow(clippy::type_complexity)]
fn vertex_ints(
    input: &[ItemSpec],
) -> Result<(BTreeMap<String, usize>, Vec<(String, [Bound; 2])>), SpecError> {
    let mut of = BTreeMap::new();
    let mut implied = Vec::new();
    for (i, it) in input.iter().enumerate() {
        let Some(names) = &it.vertex else { continue };
        let at = format!("input item {}", i + 1);
        let Some(ints) = &it.ints else {
            return Err(SpecError::from(format!(
                "{at}: `vertex` applies to `ints` lines"
            )));
        };
        let Some((s, count)) = input
            .iter()
            .enumerate()
            .skip(i + 1)
            .find_map(|(k, x)| x.tree.as_ref().or(x.graph.as_ref()).map(|c| (k, c)))
        else {
            return Err(SpecError::from(format!(
                "{at}: `vertex` names vertices of the tree or graph that follows this line, and none follows"
            )));
        };
        for name in names {
            if !ints.contains(name) {
                return Err(SpecError::from(format!(
                    "{at}: `vertex` names `{name}`, which is not an integer of this line ({})",
                    ints.join(", ")
                )));
            }
            of.insert(name.clone(), s);
            implied.push((name.clone(), [Bound::Int(1), Bound::Expr(count.clone())]));
        }
    }
    Ok((of, implied))
}

/// The limits' bounds parsed, and each limit's envelope: a bound that names other limits
/// is evaluated over their envelopes, in an order where every name it uses is known
/// first (a cycle is an error).
#[allow(clippy::type_complexity)]
fn resolve_limits(
    spec: &BTreeMap<String, [Bound; 2]>,
) -> Result<(BTreeMap<String, (i64, i64)>, BTreeMap<String, (Expr, Expr)>), SpecError> {
    let mut parsed: BTreeMap<&str, (Expr, Expr)> = BTreeMap::new();
    for (name, [lo, hi]) in spec {
        let parse = |b: &Bound, which: &str| {
            b.parse()
                .map_err(|e| format!("limits.{name}: its {which} bound: {e}"))
        };
        let (lo, hi) = (parse(lo, "lower")?, parse(hi, "upper")?);
        for n in lo.names().into_iter().chain(hi.names()) {
            if !spec.contains_key(n) {
                return Err(SpecError::from(format!(
                    "limits.{name}: `{n}` has no range: a bound may name only integers of [limits]{}",
                    crate::suggest::did_you_mean(n, spec.keys().map(String::as_str))
                )));
            }
        }
        parsed.insert(name, (lo, hi));
    }
    let mut limits: BTreeMap<String, (i64, i64)> = BTreeMap::new();
    while limits.len() < parsed.len() {
        let before = limits.len();
        for (name, (lo, hi)) in &parsed {
            if limits.contains_key(*name) {
                continue;
            }
            let env = |n: &str| limits.get(n).copied();
            let (Ok(l), Ok(h)) = (lo.eval(&env), hi.eval(&env)) else {
                continue;
            };
            let (lo_v, hi_v) = (l.0, h.1);
            if lo.as_constant().is_some() && hi.as_constant().is_some() && lo_v > hi_v {
                return Err(SpecError::from(format!(
                    "limits.{name}: [{lo_v}, {hi_v}] is empty (min > max)"
                )));
            }
            if lo_v > hi_v {
                return Err(SpecError::from(format!(
                    "limits.{name}: [{}, {}] is empty for every value of what it names (min > max)",
                    lo.text(),
                    hi.text()
                )));
            }
            limits.insert(name.to_string(), (lo_v, hi_v));
        }
        if limits.len() == before {
            return Err(stuck(&parsed, &limits));
        }
    }
    let dependent = parsed
        .into_iter()
        .filter(|(_, (lo, hi))| !lo.names().is_empty() || !hi.names().is_empty())
        .map(|(n, b)| (n.to_string(), b))
        .collect();
    Ok((limits, dependent))
}

/// Why the bounds of [limits] left some integers without a range: a divisor that may be 0,
/// or bounds that name each other in a cycle.
fn stuck(
    parsed: &BTreeMap<&str, (Expr, Expr)>,
    limits: &BTreeMap<String, (i64, i64)>,
) -> SpecError {
    let stuck: Vec<&str> = parsed
        .keys()
        .filter(|n| !limits.contains_key(**n))
        .copied()
        .collect();
    // A divisor that may be 0 is the other way a bound fails to evaluate.
    for n in &stuck {
        let (lo, hi) = &parsed[n];
        let env = |m: &str| limits.get(m).copied().or(Some((0, 0)));
        for e in [lo, hi] {
            if let Err(why) = e.eval(&env) {
                if why.0.contains("divide") {
                    return SpecError::from(format!("limits.{n}: {why}"));
                }
            }
        }
    }
    SpecError::from(format!(
        "limits: the bounds of {} name each other in a cycle",
        stuck
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

/// Only the keys `allowed` (beside the item's kind) may be given.
fn only(it: &ItemSpec, allowed: &[&str], at: &str) -> Result<(), SpecError> {
    let present = [
        ("format", it.format.is_some()),
        ("edges", it.edges.is_some()),
        ("loops", it.loops.is_some()),
        ("multi", it.multi.is_some()),
        ("connected", it.connected.is_some()),
        ("cactus", it.cactus.is_some()),
        ("weights", it.weights.is_some()),
        ("values", it.values.is_some()),
        ("distinct", it.distinct.is_some()),
        ("unordered", it.unordered.is_some()),
        ("vertex", it.vertex.is_some()),
        ("name", it.name.is_some()),
        ("kinds", it.kinds.is_some()),
    ];
    match present
        .iter()
        .find(|(key, there)| *there && !allowed.contains(key))
    {
        Some((key, _)) => Err(SpecError::from(format!(
            "{at}: `{key}` does not apply to this kind of item"
        ))),
        None => Ok(()),
    }
}

fn need_limit(
    limits: &BTreeMap<String, (i64, i64)>,
    name: &str,
    at: &str,
) -> Result<(), SpecError> {
    if limits.contains_key(name) {
        return Ok(());
    }
    // A typo of a limit, or of the words an item's fields may also be.
    let known = limits.keys().map(String::as_str).chain(["vertex", "edge"]);
    match crate::suggest::nearest(name, known) {
        Some(k) => Err(SpecError::from(format!(
            "{at}: `{name}` has no range (did you mean `{k}`?); a new integer needs `{name} = [MIN, MAX]` in [limits]"
        ))),
        None => Err(SpecError::from(format!(
            "{at}: `{name}` has no range: add `{name} = [MIN, MAX]` to [limits]"
        ))),
    }
}

fn read_tree(
    schema: &Schema,
    s: &mut Scanner<'_>,
    n: usize,
    parents: bool,
    weights: Option<&str>,
) -> Result<Value, InputError> {
    let n = n.max(1);
    let mut edges = Vec::with_capacity((n - 1).min(s.remaining()));
    let mut lines = Vec::with_capacity((n - 1).min(s.remaining()));
    let mut ws = Vec::new();
    for i in 1..n {
        lines.push(s.line());
        if parents {
            let p = s.vertex(n, || format!("the parent of vertex {}", i + 1))?;
            edges.push((p, i as u32));
        } else {
            let a = s.vertex(n, || format!("edge {i} of {}: first endpoint", n - 1))?;
            let b = s.vertex(n, || format!("edge {i} of {}: second endpoint", n - 1))?;
            edges.push((a, b));
        }
        if let Some(w) = weights.filter(|_| !parents) {
            let (lo, hi) = schema.limits[w];
            ws.push(s.signed_with(lo, hi, || format!("the weight {w} of edge {i}"))?);
        }
    }
    // A parent list's weights follow it: w_2 … w_n, of the edge above each vertex.
    if let Some(w) = weights.filter(|_| parents) {
        let (lo, hi) = schema.limits[w];
        for i in 1..n {
            let above = || format!("the weight {w} of the edge above vertex {}", i + 1);
            ws.push(s.signed_with(lo, hi, above)?);
        }
    }
    if let Err(e) = Tree::from_edges(n, &edges) {
        // With exactly n − 1 edges read, the error names one of them (a loop or the edge
        // that closes a cycle).
        let line = lines[e.edge];
        let (a, b) = edges[e.edge];
        let what = if parents {
            format!("vertex {} with parent {}", b + 1, a + 1)
        } else {
            format!("edge {} {}", a + 1, b + 1)
        };
        return Err(InputError::new(
            line,
            ErrorKind::NotATree,
            format!("{what}: {e}"),
        ));
    }
    Ok(Value::Edges {
        n: n as u32,
        edges,
        weights: ws,
    })
}

fn read_graph(
    schema: &Schema,
    s: &mut Scanner<'_>,
    n: usize,
    m: usize,
    rules: &GraphRules,
    weights: Option<&str>,
) -> Result<Value, InputError> {
    let mut edges = Vec::with_capacity(m.min(s.remaining()));
    let mut lines = Vec::with_capacity(m.min(s.remaining()));
    let mut ws = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for i in 1..=m {
        let line = s.line();
        lines.push(line);
        let a = s.vertex(n, || format!("edge {i} of {m}: first endpoint"))?;
        let b = s.vertex(n, || format!("edge {i} of {m}: second endpoint"))?;
        if a == b && !rules.loops {
            return Err(InputError::new(
                line,
                ErrorKind::Constraint,
                format!(
                    "edge {i} ({} {}) is a loop, and loops are not allowed",
                    a + 1,
                    b + 1
                ),
            ));
        }
        if !rules.multi && !seen.insert((a.min(b), a.max(b))) {
            return Err(InputError::new(
                line,
                ErrorKind::Constraint,
                format!(
                    "edge {i} ({} {}) repeats an earlier edge, and parallel edges are not allowed",
                    a + 1,
                    b + 1
                ),
            ));
        }
        edges.push((a, b));
        if let Some(w) = weights {
            let (lo, hi) = schema.limits[w];
            ws.push(s.signed_with(lo, hi, || format!("the weight {w} of edge {i}"))?);
        }
    }
    let g = Graph {
        n: n as u32,
        edges: edges.clone(),
    };
    let last = lines.last().copied().unwrap_or_else(|| s.line());
    if let Err(msg) = graph_rules_hold(&g, rules) {
        let (at, msg) = match msg {
            (Some(e), m) => (lines[e], m),
            (None, m) => (last, m),
        };
        return Err(InputError::new(at, ErrorKind::Constraint, msg));
    }
    Ok(Value::Edges {
        n: n as u32,
        edges,
        weights: ws,
    })
}

/// Checks connectivity and the cactus property; the error names an edge (0-based) when
/// one is to blame.
pub fn graph_rules_hold(g: &Graph, rules: &GraphRules) -> Result<(), (Option<usize>, String)> {
    let cover = g.cycle_cover();
    if rules.connected {
        if let Some(v) = cover.reached.iter().position(|&r| !r) {
            return Err((
                None,
                format!(
                    "the graph is not connected: vertex {} cannot be reached from vertex 1",
                    v + 1
                ),
            ));
        }
    }
    if rules.cactus {
        // Each back edge closes one cycle; walk it and mark its tree edges. Loops are
        // cycles of their own. A tree edge on two cycles (or a second back edge on one
        // pair, i.e. parallel edges around a cycle) breaks the cactus property.
        let mut used = vec![false; g.edges.len()];
        for &(e, low, high) in &cover.back_edges {
            // Up the search tree from `low` to its ancestor `high` (the walk ends at the
            // root whatever happens: parent edges only lead up).
            let mut v = low;
            while v != high {
                let pe = cover.parent_edge[v as usize];
                if pe == u32::MAX {
                    break;
                }
                if used[pe as usize] {
                    return Err((
                        Some(e as usize),
                        format!(
                            "edge {} ({} {}) makes an edge lie on two cycles: the graph must be a cactus",
                            e + 1,
                            g.edges[e as usize].0 + 1,
                            g.edges[e as usize].1 + 1
                        ),
                    ));
                }
                used[pe as usize] = true;
                v = g.other(pe, v);
            }
        }
    }
    Ok(())
}

fn read_query(
    schema: &Schema,
    s: &mut Scanner<'_>,
    kinds: &[Kind],
    structure: Option<(i64, i64)>,
    k: usize,
) -> Result<(usize, Vec<i64>), InputError> {
    let kind = if kinds.len() == 1 && kinds[0].tag.is_none() {
        0
    } else {
        let line = s.line();
        let tags: Vec<String> = kinds
            .iter()
            .filter_map(|k| k.tag.map(|t| t.to_string()))
            .collect();
        let lo = kinds.iter().filter_map(|k| k.tag).min().unwrap_or(0);
        let hi = kinds.iter().filter_map(|k| k.tag).max().unwrap_or(0);
        let t = s.signed_with(lo, hi, || {
            format!("the type of query {k} ({})", tags.join(" or "))
        })?;
        match kinds.iter().position(|kd| kd.tag == Some(t)) {
            Some(i) => i,
            None => {
                return Err(InputError::new(
                    line,
                    ErrorKind::OutOfRange,
                    format!("query {k}: type {t} is not one of {}", tags.join(", ")),
                ))
            }
        }
    };
    let (n, m) = structure.unwrap_or((0, 0));
    let mut args = Vec::with_capacity(kinds[kind].fields.len());
    for f in &kinds[kind].fields {
        args.push(match f {
            Field::Vertex => s.signed_with(1, n, || format!("query {k}: a vertex"))? - 1,
            Field::Edge => s.signed_with(1, m, || format!("query {k}: an edge number"))? - 1,
            Field::Value(name) => {
                let (lo, hi) = schema.limits[name];
                s.signed_with(lo, hi, || format!("query {k}: {name}"))?
            }
        });
    }
    Ok((kind, args))
}

/// The 1-based parent of each of the vertices 2..n (vertex 1 the root), and the weight of
/// the edge above each (when there are weights).
fn parent_list(n: u32, edges: &[(u32, u32)], weights: &[i64]) -> (Vec<i64>, Vec<i64>) {
    let Ok(t) = Tree::from_edges(n as usize, edges) else {
        // Not a tree (no reader, generator or shrink step makes one): the first end of
        // every edge and its weight, as stored.
        let parent = edges.iter().map(|&(p, _)| i64::from(p) + 1).collect();
        return (parent, weights.to_vec());
    };
    let parent = (1..n).map(|v| i64::from(t.parent(v).unwrap_or(0)) + 1);
    let mut above = vec![0i64; n as usize];
    for (&(a, b), &w) in edges.iter().zip(weights) {
        let child = if t.parent(b) == Some(a) { b } else { a };
        above[child as usize] = w;
    }
    above.remove(0);
    (
        parent.collect(),
        if weights.is_empty() {
            Vec::new()
        } else {
            above
        },
    )
}

fn write_value(out: &mut String, it: &Item, v: &Value) {
    let mut buf = itoa::Buffer::new();
    let mut join = |out: &mut String, xs: &mut dyn Iterator<Item = i64>| {
        let mut first = true;
        for x in xs {
            if !first {
                out.push(' ');
            }
            first = false;
            out.push_str(buf.format(x));
        }
        out.push('\n');
    };
    match (it, v) {
        (
            Item::Array {
                values: Elements::Vertex,
                ..
            },
            Value::Array(vals),
        ) => join(out, &mut vals.iter().map(|v| v + 1)),
        (Item::Ints(_), Value::Ints(vals)) | (Item::Array { .. }, Value::Array(vals)) => {
            join(out, &mut vals.iter().copied())
        }
        (Item::Tree { parents: true, .. }, Value::Edges { n, edges, weights }) => {
            // Parent of vertices 2..n with vertex 1 as the root, whatever the orientation
            // of the stored edges; then the weights, of the edge above each vertex.
            if *n > 1 {
                let (parent, above) = parent_list(*n, edges, weights);
                join(out, &mut parent.into_iter());
                if !weights.is_empty() {
                    join(out, &mut above.into_iter());
                }
            }
        }
        (_, Value::Edges { edges, weights, .. }) => {
            for (j, &(a, b)) in edges.iter().enumerate() {
                let w = weights.get(j).copied();
                let ends = [i64::from(a) + 1, i64::from(b) + 1];
                join(out, &mut ends.into_iter().chain(w));
            }
        }
        (Item::Queries { kinds, .. }, Value::Queries(qs)) => {
            for (kind, args) in qs {
                let k = &kinds[*kind];
                let tag = k.tag.into_iter();
                let fields = k.fields.iter().zip(args).map(|(f, &a)| match f {
                    Field::Vertex | Field::Edge => a + 1,
                    Field::Value(_) => a,
                });
                join(out, &mut tag.chain(fields));
            }
        }
        _ => unreachable!("a value of another kind than its item"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema(text: &str) -> Result<Schema, SpecError> {
        let spec: SchemaSpec = toml::from_str(text).map_err(|e| e.to_string())?;
        Schema::new(&spec)
    }

    const LEAVES: &str = "[[input]]\nints = [\"n\", \"x\"]\n[[input]]\ntree = \"n\"\n[limits]\nn = [1, 1000]\nx = [1, \"n\"]\n";

    /// `x = [1, "n"]`: the validator holds x to the n of its own test case, the error
    /// names the bound and its value there, and the envelope is the widest range.
    #[test]
    fn a_bound_may_name_an_integer_read_before_it() {
        let s = schema(LEAVES).unwrap();
        assert_eq!(s.range("x"), (1, 1000));
        assert!(s.read(b"3 3\n1 2\n2 3\n").is_ok());
        let e = s.read(b"3 4\n1 2\n2 3\n").unwrap_err().to_string();
        assert!(
            e.contains("x = 4 is out of its range [1, n] = [1, 3] here"),
            "{e}"
        );
        assert_eq!(s.range_in("x", &|n| (n == "n").then_some(7)), (1, 7));
    }

    /// `vertex = ["x"]` ranges x over the vertices of the tree that follows; it must name
    /// an integer of its line and have a tree or graph after it.
    #[test]
    fn a_vertex_on_a_line_of_integers() {
        let s = schema("[[input]]\nints = [\"n\", \"x\"]\nvertex = [\"x\"]\n[[input]]\ntree = \"n\"\n[limits]\nn = [1, 1000]\n").unwrap();
        assert_eq!(s.vertex_ints.get("x"), Some(&1));
        assert!(s.read(b"3 3\n1 2\n2 3\n").is_ok());
        let e = s.read(b"3 4\n1 2\n2 3\n").unwrap_err().to_string();
        assert!(
            e.contains("x = 4 is out of its range [1, n] = [1, 3] here"),
            "{e}"
        );
        let e = schema("[[input]]\nints = [\"n\", \"x\"]\nvertex = [\"y\"]\n[[input]]\ntree = \"n\"\n[limits]\nn = [1, 9]\n").unwrap_err();
        assert!(
            e.0.contains("`vertex` names `y`, which is not an integer of this line (n, x)"),
            "{e}"
        );
        let e =
            schema("[[input]]\nints = [\"n\", \"x\"]\nvertex = [\"x\"]\n[limits]\nn = [1, 9]\n")
                .unwrap_err();
        assert!(e.0.contains("none follows"), "{e}");
    }

    /// `[game] small`'s caps narrow a range, a dependent one too (x ≤ n and x ≤ 2), and
    /// the narrowed schema rejects what is past them while the statement's accepts it.
    #[test]
    fn caps_narrow_ranges_and_keep_dependent_bounds() {
        let s = schema(LEAVES).unwrap();
        let caps = BTreeMap::from([("x".to_string(), (0, 2)), ("n".to_string(), (1, 5))]);
        let small = s.narrowed(&caps).unwrap();
        assert_eq!(small.range("x"), (1, 2));
        assert_eq!(small.range_in("x", &|n| (n == "n").then_some(1)), (1, 1));
        assert!(small.read(b"3 2\n1 2\n2 3\n").is_ok());
        for past in ["3 3\n1 2\n2 3\n", "6 1\n1 2\n2 3\n3 4\n4 5\n5 6\n"] {
            assert!(small.read(past.as_bytes()).is_err(), "{past}");
            assert!(s.read(past.as_bytes()).is_ok(), "{past}");
        }
        let e = s
            .narrowed(&BTreeMap::from([("nn".to_string(), (1, 2))]))
            .unwrap_err();
        assert!(e.0.contains("(the limits: n, x)"), "{e}");
        let e = s
            .narrowed(&BTreeMap::from([("n".to_string(), (2000, 3000))]))
            .unwrap_err();
        assert!(e.0.contains("holds no value of its range [1, 1000]"), "{e}");
    }

    /// Shrinking n pulls x along: the counts follow the structures, then every bound
    /// that names them is made true again.
    #[test]
    fn a_smaller_tree_pulls_a_dependent_integer_into_its_range() {
        let s = schema(LEAVES).unwrap();
        let mut inst = s.read(b"5 5\n1 2\n2 3\n3 4\n4 5\n").unwrap();
        let case = &mut inst.cases[0];
        case.values[1] = Value::Edges {
            n: 3,
            edges: vec![(0, 1), (1, 2)],
            weights: Vec::new(),
        };
        s.sync_counts(case);
        assert_eq!(case.values[0], Value::Ints(vec![3, 3]));
        assert!(s.bounds_hold(case));
        assert!(s.read(s.write(&inst).as_bytes()).is_ok());
    }

    /// A bound that names what is read after it, names nothing known, or closes a cycle
    /// is refused; a typo gets its nearest name.
    #[test]
    fn bad_bounds_are_refused_with_what_to_write() {
        let after = "[[input]]\nints = [\"x\", \"n\"]\n[limits]\nn = [1, 9]\nx = [1, \"n\"]\n";
        let e = schema(after).unwrap_err();
        assert!(
            e.0.contains("names `n`, which is not an integer read before"),
            "{e}"
        );
        let typo =
            "[[input]]\nints = [\"count\", \"x\"]\n[limits]\ncount = [1, 9]\nx = [1, \"cuont\"]\n";
        let e = schema(typo).unwrap_err();
        assert!(
            e.0.contains("`cuont` has no range") && e.0.contains("did you mean `count`?"),
            "{e}"
        );
        let cycle = "[[input]]\nints = [\"a\", \"b\"]\n[limits]\na = [1, \"b\"]\nb = [1, \"a\"]\n";
        let e = schema(cycle).unwrap_err();
        assert!(e.0.contains("name each other in a cycle"), "{e}");
        let bad = "[[input]]\nints = [\"n\", \"x\"]\n[limits]\nn = [1, 9]\nx = [1, \"n +\"]\n";
        let e = schema(bad).unwrap_err();
        assert!(e.0.contains("limits.x: its upper bound:"), "{e}");
        let item = "[[input]]\nints = [\"n\"]\n[[input]]\narray = \"n\"\nvalues = \"colr\"\n[limits]\nn = [1, 9]\ncolour = [0, 1]\n";
        let e = schema(item).unwrap_err();
        assert!(e.0.contains("did you mean `colour`?"), "{e}");
    }

    #[test]
    fn a_parent_list_follows_the_tree_rooted_at_vertex_1_whatever_the_stored_orientation() {
        // Edges stored child-first; the weights follow their edges.
        assert_eq!(
            parent_list(3, &[(1, 0), (1, 2)], &[5, 6]),
            (vec![1, 2], vec![5, 6])
        );
        assert_eq!(parent_list(3, &[(2, 1), (0, 2)], &[]), (vec![3, 1], vec![]));
        // Not a tree: the first ends as stored.
        assert_eq!(
            parent_list(3, &[(1, 2), (2, 1)], &[4, 3]),
            (vec![2, 3], vec![4, 3])
        );
    }
}
