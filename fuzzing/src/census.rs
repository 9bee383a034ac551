//! The shape census: which solver paths and answer shapes a campaign's passing cases
//! reached, so that a blind spot of the generators shows as a zero in a table instead of
//! going unnoticed.
//!
//! Every game has a fixed list of [`Bucket`]s; [`census`] says which of them one case falls
//! in (a case may fall in several, or in none) from the position's structure and the answer
//! both engines agreed on. For `hackenbush` the buckets follow the solver's paths: graphs
//! that are all bridges (the colon principle alone), components that are a single cycle (the
//! chain-prefix path) by length, other 2-edge-connected components (the general path), and
//! where branches hang and how deep components nest. The census reads only the position and
//! the answer; it never calls an engine.

use grundy_games::*;

/// One cell of the census: a named class of cases.
#[derive(Clone, Copy, Debug)]
pub struct Bucket {
    /// A short id, shown in the table and the JSON report.
    pub name: &'static str,
    /// What a case in this bucket has.
    pub what: &'static str,
}

const fn b(name: &'static str, what: &'static str) -> Bucket {
    Bucket { name, what }
}

const CHIP: &[Bucket] = &[
    b("no-chips", "no chip at all (value 0, no move)"),
    b("shared-vertex", "two chips on one vertex (they cancel)"),
    b("chip-on-leaf", "a chip that cannot move"),
    b("value-0", "a losing position with chips"),
    b(
        "value-3+",
        "a value of at least 3 (a mex ladder of 8 vertices or more)",
    ),
    b("tied-moves", "two or more winning moves"),
];

const CUT: &[Bucket] = &[
    b("single-vertex", "no edge"),
    b("deep", "a vertex at depth 6 or more"),
    b("wide", "a vertex with 4 or more children"),
    b("value-0", "a losing tree of 2 or more vertices"),
    b("value-4+", "a value of at least 4"),
    b("tied-cuts", "two or more winning cuts"),
    b("roots-differ", "rooted elsewhere, the value changes"),
];

const HACKENBUSH: &[Bucket] = &[
    b(
        "bridges-only",
        "a graph whose live edges are all bridges (a tree)",
    ),
    b("loop", "a loop (a cycle of 1 edge)"),
    b("parallel-pair", "a component that is 2 parallel edges"),
    b("short-cycle", "a component that is a cycle of 3 to 7 edges"),
    b(
        "long-cycle",
        "a component that is a cycle of 8 or more edges",
    ),
    b(
        "general",
        "a 2-edge-connected component that is not one cycle",
    ),
    b(
        "branch-off-entry",
        "an edge hanging from a cycle vertex other than the cycle's entry",
    ),
    b(
        "nested",
        "a cyclic component below another cyclic component",
    ),
    b(
        "several-general",
        "two or more general components in one graph",
    ),
    b("cut-off", "edges not connected to the root"),
    b("sum", "a sum of two or more graphs"),
    b("value-0", "a losing position with live edges"),
    b("value-4+", "a value of at least 4"),
    b("tied-moves", "two or more winning moves"),
];

const PAINT: &[Bucket] = &[
    b("all-black", "no white vertex (value 0)"),
    b("all-white", "every vertex white, 2 or more vertices"),
    b("mixed", "white and black vertices"),
    b("deep", "a white vertex at depth 4 or more"),
    b("value-0", "a losing position with a white vertex"),
    b("value-4+", "a value of at least 4"),
    b("tied-moves", "two or more winning moves"),
];

const STAIRCASE: &[Bucket] = &[
    b("cap-1", "at most 1 stone per move"),
    b("cap-binds", "a pile larger than the cap"),
    b(
        "even-depth-stones",
        "stones on an even-depth vertex (mirrored away)",
    ),
    b("updates", "one or more updates"),
    b("zero-after-update", "an update that leaves value 0"),
    b("value-4+", "a value of at least 4"),
];

/// The buckets of `game`, in table order (at most 64).
pub fn buckets(game: Game) -> &'static [Bucket] {
    match game {
        Game::Chip => CHIP,
        Game::Cut => CUT,
        Game::Hackenbush => HACKENBUSH,
        Game::Paint => PAINT,
        Game::Staircase => STAIRCASE,
    }
}

/// The buckets a case falls in, as a bit set over [`buckets`]`(game)` (bit i for bucket i).
/// `answer` is the answer both engines agreed on.
pub fn census(pos: &Position, answer: &Answer) -> u64 {
    let names: Vec<&'static str> = match (pos, answer) {
        (Position::Chip(p), Answer::Chip(a)) => chip(p, a),
        (Position::Cut(p), Answer::Cut(a)) => cut(p, a),
        (Position::Hackenbush(p), Answer::Hackenbush(a)) => hackenbush(p, a),
        (Position::Paint(p), Answer::Paint(a)) => paint(p, a),
        (Position::Staircase(p), Answer::Staircase(a)) => staircase(p, a),
        _ => Vec::new(),
    };
    let all = buckets(pos.game());
    names.iter().fold(0, |bits, name| {
        let i = all.iter().position(|b| b.name == *name);
        bits | i.map_or(0, |i| 1 << i)
    })
}

/// The names in `flags` whose condition holds.
fn holding(flags: &[(&'static str, bool)]) -> Vec<&'static str> {
    flags.iter().filter(|f| f.1).map(|f| f.0).collect()
}

fn chip(p: &ChipPos, a: &ChipAnswer) -> Vec<&'static str> {
    let mut sorted = p.chips.clone();
    sorted.sort_unstable();
    holding(&[
        ("no-chips", p.chips.is_empty()),
        ("shared-vertex", sorted.windows(2).any(|w| w[0] == w[1])),
        (
            "chip-on-leaf",
            p.chips.iter().any(|&c| p.tree.children(c).is_empty()),
        ),
        ("value-0", a.value == 0 && !p.chips.is_empty()),
        ("value-3+", a.value >= 3),
        ("tied-moves", a.moves.len() >= 2),
    ])
}

fn cut(p: &CutPos, a: &CutAnswer) -> Vec<&'static str> {
    let t = &p.tree;
    let n = t.len() as u32;
    holding(&[
        ("single-vertex", n == 1),
        ("deep", (0..n).any(|v| t.depth(v) >= 6)),
        ("wide", (0..n).any(|v| t.children(v).len() >= 4)),
        ("value-0", a.value == 0 && n >= 2),
        ("value-4+", a.value >= 4),
        ("tied-cuts", a.winning.len() >= 2),
        ("roots-differ", a.by_root.iter().any(|&x| x != a.value)),
    ])
}

fn paint(p: &PaintPos, a: &PaintAnswer) -> Vec<&'static str> {
    let whites = p.white.iter().filter(|&&w| w).count();
    let n = p.white.len();
    holding(&[
        ("all-black", whites == 0),
        ("all-white", whites == n && n >= 2),
        ("mixed", whites > 0 && whites < n),
        (
            "deep",
            (0..n as u32).any(|v| p.white[v as usize] && p.tree.depth(v) >= 4),
        ),
        ("value-0", a.value == 0 && whites > 0),
        ("value-4+", a.value >= 4),
        ("tied-moves", a.winning.len() >= 2),
    ])
}

fn staircase(p: &StaircasePos, a: &StaircaseAnswer) -> Vec<&'static str> {
    let t = &p.tree;
    let mut stones = p.stones.clone();
    let mut even = false;
    let mut check_even = |stones: &[u64]| {
        even |= (1..t.len() as u32).any(|v| t.depth(v) % 2 == 0 && stones[v as usize] > 0);
    };
    check_even(&stones);
    for &(v, s) in &p.updates {
        stones[v as usize] = s;
        check_even(&stones);
    }
    let binds = p
        .stones
        .iter()
        .chain(p.updates.iter().map(|u| &u.1))
        .any(|&s| s > p.cap);
    holding(&[
        ("cap-1", p.cap == 1),
        ("cap-binds", binds),
        ("even-depth-stones", even),
        ("updates", !p.updates.is_empty()),
        (
            "zero-after-update",
            a.values.iter().skip(1).any(|&v| v == 0),
        ),
        ("value-4+", a.values.iter().any(|&v| v >= 4)),
    ])
}

fn hackenbush(p: &HackenbushPos, a: &HackenbushAnswer) -> Vec<&'static str> {
    let mut found = Vec::new();
    for g in &p.graphs {
        found.extend(Components::of(g).buckets());
    }
    let live = p.graphs.iter().any(|g| {
        let cc = g.cycle_cover();
        g.edges.iter().any(|&(x, _)| cc.reached[x as usize])
    });
    found.extend(holding(&[
        ("sum", p.graphs.len() >= 2),
        ("value-0", a.value == 0 && live),
        ("value-4+", a.value >= 4),
        ("tied-moves", a.moves.len() >= 2),
    ]));
    found
}

/// The 2-edge-connected components of one graph's live part, found from the back-edge
/// cover of a DFS: a tree edge covered by no back edge is a bridge.
struct Components {
    /// Per component: vertices, internal edges, depth in cyclic components above it
    /// (itself included when cyclic).
    parts: Vec<Part>,
    /// Edges hanging from a cycle vertex other than the cycle's entry.
    branch_off_entry: bool,
    /// Edges not connected to the root.
    cut_off: bool,
    /// Live edges in all.
    live: usize,
}

#[derive(Clone, Copy, Default)]
struct Part {
    vertices: u32,
    edges: u32,
    nesting: u32,
    entry: u32,
}

impl Components {
    fn of(g: &Graph) -> Components {
        let cc = g.cycle_cover();
        let n = g.n as usize;
        let mut comp = vec![u32::MAX; n];
        let mut parent = Vec::new();
        let mut parts: Vec<Part> = Vec::new();
        for &v in &cc.order {
            let pe = cc.parent_edge[v as usize];
            let up = (pe != u32::MAX).then(|| comp[g.other(pe, v) as usize]);
            match up {
                Some(c) if cc.cover[v as usize] != 0 => comp[v as usize] = c,
                _ => {
                    comp[v as usize] = parts.len() as u32;
                    parent.push(up);
                    parts.push(Part {
                        entry: v,
                        ..Part::default()
                    });
                }
            }
            parts[comp[v as usize] as usize].vertices += 1;
        }
        let mut live = 0;
        let mut cut_off = false;
        for (e, &(x, y)) in g.edges.iter().enumerate() {
            if !cc.reached[x as usize] {
                cut_off = true;
                continue;
            }
            live += 1;
            let bridge = [x, y]
                .iter()
                .any(|&v| cc.parent_edge[v as usize] == e as u32 && cc.cover[v as usize] == 0);
            if !bridge {
                parts[comp[x as usize] as usize].edges += 1;
            }
        }
        // Components come in DFS preorder, so a parent is settled before its children.
        for c in 0..parts.len() {
            let above = parent[c].map_or(0, |p| parts[p as usize].nesting);
            parts[c].nesting = above + u32::from(parts[c].edges > 0);
        }
        let mut branch_off_entry = false;
        for &v in &cc.order {
            let pe = cc.parent_edge[v as usize];
            if pe == u32::MAX || cc.cover[v as usize] != 0 {
                continue;
            }
            let u = g.other(pe, v);
            let part = parts[comp[u as usize] as usize];
            branch_off_entry |= part.edges == part.vertices && part.edges >= 3 && u != part.entry;
        }
        Components {
            parts,
            branch_off_entry,
            cut_off,
            live,
        }
    }

    fn buckets(&self) -> Vec<&'static str> {
        let cycle = |len: std::ops::RangeInclusive<u32>| {
            self.parts
                .iter()
                .any(|p| p.edges == p.vertices && len.contains(&p.edges))
        };
        let general = self.parts.iter().filter(|p| p.edges > p.vertices).count();
        holding(&[
            (
                "bridges-only",
                self.live > 0 && self.parts.iter().all(|p| p.edges == 0),
            ),
            ("loop", cycle(1..=1)),
            ("parallel-pair", cycle(2..=2)),
            ("short-cycle", cycle(3..=7)),
            ("long-cycle", cycle(8..=u32::MAX)),
            ("general", general >= 1),
            ("branch-off-entry", self.branch_off_entry),
            ("nested", self.parts.iter().any(|p| p.nesting >= 2)),
            ("several-general", general >= 2),
            ("cut-off", self.cut_off),
        ])
    }
}

/// Cases per bucket of one game, accumulated over a campaign.
#[derive(Clone, Debug)]
pub struct Tally {
    counts: [u64; 64],
}

impl Default for Tally {
    fn default() -> Tally {
        Tally { counts: [0; 64] }
    }
}

impl Tally {
    /// Counts one case's bit set.
    pub fn add(&mut self, bits: u64) {
        for (i, c) in self.counts.iter_mut().enumerate() {
            *c += (bits >> i) & 1;
        }
    }

    /// Adds another tally.
    pub fn merge(&mut self, other: &Tally) {
        for (c, o) in self.counts.iter_mut().zip(other.counts) {
            *c += o;
        }
    }

    /// `(bucket, cases)` of every bucket of `game`, zeros included, in table order.
    pub fn rows(&self, game: Game) -> Vec<(Bucket, u64)> {
        buckets(game)
            .iter()
            .zip(self.counts)
            .map(|(b, c)| (*b, c))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: u32, edges: &[(u32, u32)]) -> Graph {
        Graph {
            n,
            edges: edges.to_vec(),
        }
    }

    fn names(g: Graph) -> Vec<&'static str> {
        Components::of(&g).buckets()
    }

    #[test]
    fn every_game_has_at_most_64_distinct_buckets() {
        for game in Game::ALL {
            let all = buckets(game);
            assert!(all.len() <= 64);
            for (i, b) in all.iter().enumerate() {
                assert!(all[..i].iter().all(|o| o.name != b.name), "{}", b.name);
            }
        }
    }

    #[test]
    fn a_tree_is_bridges_only() {
        assert_eq!(names(graph(3, &[(0, 1), (1, 2)])), ["bridges-only"]);
        assert!(names(graph(1, &[])).is_empty());
    }

    #[test]
    fn cycles_are_bucketed_by_length() {
        assert_eq!(names(graph(1, &[(0, 0)])), ["loop"]);
        assert_eq!(names(graph(2, &[(0, 1), (1, 0)])), ["parallel-pair"]);
        let c8: Vec<(u32, u32)> = (0..8).map(|i| (i, (i + 1) % 8)).collect();
        assert_eq!(names(graph(8, &c8)), ["long-cycle"]);
    }

    #[test]
    fn a_branch_off_the_entry_and_nesting_are_seen() {
        // Root 0 - triangle 1,2,3 entered at 1; a stalk from 2 to 4; below 4 a loop.
        let g = graph(5, &[(0, 1), (1, 2), (2, 3), (3, 1), (2, 4), (4, 4)]);
        let found = names(g);
        for want in ["short-cycle", "loop", "branch-off-entry", "nested"] {
            assert!(found.contains(&want), "{want} missing from {found:?}");
        }
        assert!(!found.contains(&"general"));
    }

    #[test]
    fn a_figure_eight_is_one_general_component_and_cut_off_edges_count() {
        // Two triangles sharing the root; edge 5-6 cut off.
        let g = graph(7, &[(0, 1), (1, 2), (2, 0), (0, 3), (3, 4), (4, 0), (5, 6)]);
        assert_eq!(names(g), ["general", "cut-off"]);
    }

    #[test]
    fn census_sets_the_bits_of_the_answer_buckets() {
        let pos = Position::Cut(CutPos {
            tree: Tree::from_edges(3, &[(0, 1), (0, 2)]).unwrap(),
        });
        let answer = Answer::Cut(CutAnswer {
            value: 0,
            winning: vec![],
            by_root: vec![0, 1, 1],
        });
        let bits = census(&pos, &answer);
        let set: Vec<&str> = buckets(Game::Cut)
            .iter()
            .enumerate()
            .filter(|(i, _)| bits >> i & 1 == 1)
            .map(|(_, b)| b.name)
            .collect();
        assert_eq!(set, ["value-0", "roots-differ"]);
    }
}
