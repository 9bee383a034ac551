//! The dimensions a check's inputs reached, measured on every test the plan ran: vertices,
//! the largest degree and depth of each tree, the values (the game value of a built-in
//! problem's position; every integer of a package's input), array and query-list lengths,
//! and test cases per input. `grundy check` prints the range of each, and names the marks
//! a statement allows that no test came near: a degree past a row of 16, 64 or 256
//! neighbours, a value within one of 2^7, 2^8, 2^15, 2^16, 2^31 or 2^32 (where a byte, a
//! 16-bit or a 32-bit integer wraps), the statement's largest size. A mistake that only
//! such a dimension shows cannot be found by a plan that never went there; the report
//! says so instead of passing in silence.

use crate::output::thousands;
use grundy_games::Tree;
use std::collections::BTreeMap;

/// A measured dimension.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dim {
    /// Vertices of an input (all its trees and graphs).
    Vertices,
    /// The largest degree of a tree.
    Degree,
    /// The depth of a tree from its first vertex.
    Depth,
    /// A value: a built-in position's game value, a package input's integer.
    Value,
    /// The length of an array or a list of queries.
    Length,
    /// Test cases in one input.
    Cases,
}

impl Dim {
    /// The word the report uses.
    pub fn name(self) -> &'static str {
        match self {
            Dim::Vertices => "vertices",
            Dim::Degree => "degree",
            Dim::Depth => "depth",
            Dim::Value => "value",
            Dim::Length => "length",
            Dim::Cases => "test cases",
        }
    }
}

/// What one dimension reached.
#[derive(Clone, Copy, Debug)]
struct Span {
    least: i64,
    most: i64,
    /// Bit k: some sample lay within one of 2^k.
    near: u64,
}

/// The dimensions reached, over every test measured.
#[derive(Clone, Debug, Default)]
pub struct Reach(BTreeMap<Dim, Span>);

/// The powers of two where integer types wrap (a byte, 16 and 32 bits, signed and not).
const WRAPS: [u32; 6] = [7, 8, 15, 16, 31, 32];

/// Rows of neighbours that contest code keeps in fixed arrays.
const ROWS: [i64; 3] = [16, 64, 256];

impl Reach {
    /// Records one sample of `d`.
    pub fn add(&mut self, d: Dim, x: i64) {
        let near = near_bits(x);
        self.0
            .entry(d)
            .and_modify(|s| {
                s.least = s.least.min(x);
                s.most = s.most.max(x);
                s.near |= near;
            })
            .or_insert(Span {
                least: x,
                most: x,
                near,
            });
    }

    /// Adds what another measure reached.
    /// The most a dimension reached (`None`: never measured).
    pub fn most(&self, d: Dim) -> Option<i64> {
        self.0.get(&d).map(|s| s.most)
    }

    /// Merges another reach into this one.
    pub fn merge(&mut self, other: &Reach) {
        for (&d, s) in &other.0 {
            self.add(d, s.least);
            self.add(d, s.most);
            if let Some(t) = self.0.get_mut(&d) {
                t.near |= s.near;
            }
        }
    }

    /// Records a tree's vertices, largest degree and depth (from vertex 0).
    pub fn tree(&mut self, tree: &Tree) {
        let n = tree.len() as u32;
        let degree = |v: u32| tree.children(v).len() + usize::from(tree.parent(v).is_some());
        self.add(Dim::Degree, (0..n).map(degree).max().unwrap_or(0) as i64);
        self.add(
            Dim::Depth,
            (0..n).map(|v| tree.depth(v)).max().unwrap_or(0) as i64,
        );
    }

    /// Records a graph given by its edges: its largest degree, and its depth from vertex
    /// 0 when it is a tree.
    pub fn edges(&mut self, n: u32, edges: &[(u32, u32)]) {
        if edges.len() + 1 == n as usize {
            if let Ok(t) = Tree::from_edges(n as usize, edges) {
                self.tree(&t);
                return;
            }
        }
        let mut deg = vec![0i64; n as usize];
        for &(a, b) in edges {
            for v in [a, b] {
                if let Some(d) = deg.get_mut(v as usize) {
                    *d += 1;
                }
            }
        }
        self.add(Dim::Degree, deg.into_iter().max().unwrap_or(0));
    }

    /// One line per dimension reached: `vertices 1–100,000`, in a fixed order.
    pub fn reached(&self) -> String {
        self.0
            .iter()
            .map(|(d, s)| {
                if s.least == s.most {
                    format!("{} {}", d.name(), signed(s.most))
                } else {
                    format!("{} {}–{}", d.name(), signed(s.least), signed(s.most))
                }
            })
            .collect::<Vec<_>>()
            .join(" · ")
    }

    /// The marks within what the statement allows (`allowed`: each dimension's largest
    /// allowed value, when known) that no test reached, in words.
    pub fn never(&self, allowed: &[(Dim, i64)]) -> Vec<String> {
        let mut out = Vec::new();
        for &(d, top) in allowed {
            let s = self.0.get(&d);
            let most = s.map_or(i64::MIN, |s| s.most);
            match d {
                Dim::Degree => {
                    let rows: Vec<String> = ROWS
                        .iter()
                        .filter(|&&r| r < top && most <= r)
                        .map(|r| format!("{} (past a row of {r})", r + 1))
                        .collect();
                    if !rows.is_empty() {
                        out.push(format!("degree {}", rows.join(", ")));
                    }
                }
                Dim::Value => {
                    let near = s.map_or(0, |s| s.near);
                    let missed: Vec<String> = WRAPS
                        .iter()
                        .filter(|&&k| 1i64 << k <= top && near & (1 << k) == 0)
                        .map(|k| format!("2^{k}"))
                        .collect();
                    if !missed.is_empty() {
                        out.push(format!(
                            "a value within one of {} (where a narrower integer wraps)",
                            missed.join(", ")
                        ));
                    }
                }
                _ => {}
            }
            if most < top && matches!(d, Dim::Vertices | Dim::Value | Dim::Length | Dim::Cases) {
                out.push(format!(
                    "{} {} (the largest allowed; reached: {})",
                    d.name(),
                    signed(top),
                    if s.is_some() {
                        signed(most)
                    } else {
                        "none".into()
                    }
                ));
            }
        }
        out
    }

    /// As JSON: each dimension's least and greatest sample.
    pub fn json(&self) -> serde_json::Value {
        self.0
            .iter()
            .map(|(d, s)| (d.name().to_string(), serde_json::json!([s.least, s.most])))
            .collect::<serde_json::Map<_, _>>()
            .into()
    }
}

/// The powers of two (up to 2^62) that `x` lies within one of, as bits.
fn near_bits(x: i64) -> u64 {
    let mut bits = 0;
    for k in 0..63 {
        if (x - (1i64 << k)).abs() <= 1 {
            bits |= 1 << k;
        }
    }
    bits
}

/// A number with thousands separators, its sign kept.
fn signed(x: i64) -> String {
    if x < 0 {
        format!("-{}", thousands(x.unsigned_abs() as usize))
    } else {
        thousands(x as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_the_marks_never_reached() {
        let mut r = Reach::default();
        for x in [3, 255, 40_000] {
            r.add(Dim::Value, x);
        }
        r.add(Dim::Degree, 17);
        r.add(Dim::Vertices, 10);
        assert_eq!(r.reached(), "vertices 10 · degree 17 · value 3–40,000");
        let never = r.never(&[
            (Dim::Vertices, 10),
            (Dim::Degree, 99_999),
            (Dim::Value, 1 << 20),
        ]);
        assert_eq!(
            never,
            vec![
                "degree 65 (past a row of 64), 257 (past a row of 256)".to_string(),
                "a value within one of 2^7, 2^15, 2^16 (where a narrower integer wraps)".into(),
                "value 1,048,576 (the largest allowed; reached: 40,000)".into(),
            ]
        );
        // Test cases never past four where 10^4 are allowed: named.
        r.add(Dim::Cases, 4);
        assert_eq!(
            r.never(&[(Dim::Cases, 10_000)]),
            vec!["test cases 10,000 (the largest allowed; reached: 4)".to_string()]
        );
        let mut other = Reach::default();
        other.add(Dim::Value, 65_537);
        r.merge(&other);
        assert!(!r.never(&[(Dim::Value, 1 << 20)])[0].contains("2^16"));
    }

    #[test]
    fn a_chain_of_a_million_vertices_is_measured_without_recursion() {
        let parent: Vec<u32> = (0..1_000_000u32).map(|i| i.saturating_sub(1)).collect();
        let mut parent = parent;
        parent[0] = u32::MAX;
        let t = Tree::from_parents(&parent).unwrap();
        let mut r = Reach::default();
        r.tree(&t);
        assert_eq!(r.reached(), "degree 2 · depth 999,999");
    }
}
