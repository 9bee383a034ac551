//! Reading and writing the native input format of every game, and printing answers
//! (`docs/SPEC.md` §3, "Native formats"). Vertex ids are 1-based in text, 0-based in memory.

use crate::error::{ErrorKind, InputError, Result};
use crate::graph::Graph;
use crate::limits::Limits;
use crate::position::*;
use crate::scan::Scanner;
use crate::tree::{Tree, TreeErrorKind};
use std::fmt::Write as _;

/// Capacity hint that never trusts a declared count beyond what the input can hold.
fn capacity(s: &Scanner, declared: u64, bytes_per_item: usize) -> usize {
    (declared as usize).min(s.remaining() / bytes_per_item + 1)
}

/// Reads `n − 1` edges `u v` and builds the tree rooted at vertex 1.
pub fn read_tree(s: &mut Scanner, n: usize) -> Result<Tree> {
    let mut edges = Vec::with_capacity(capacity(s, n as u64 - 1, 4));
    let mut lines = Vec::with_capacity(edges.capacity());
    for i in 1..n {
        let line = s.line();
        let a = s.vertex(n, || format!("edge {i} of {}: first endpoint", n - 1))?;
        let b = s.vertex(n, || format!("edge {i} of {}: second endpoint", n - 1))?;
        edges.push((a, b));
        lines.push(line);
    }
    Tree::from_edges(n, &edges).map_err(|e| {
        let (a, b) = edges[e.edge];
        let kind = if e.kind == TreeErrorKind::WrongCount {
            ErrorKind::UnexpectedEnd
        } else {
            ErrorKind::NotATree
        };
        InputError::new(
            lines.get(e.edge).copied().unwrap_or(1),
            kind,
            format!("edge {} {}: {e}", a + 1, b + 1),
        )
    })
}

fn count(s: &mut Scanner, what: &str, range: (u64, u64)) -> Result<u64> {
    s.int_in(what, range.0, range.1)
}

/// `n k`; n − 1 edges; k chip vertices.
pub fn read_chip(s: &mut Scanner, lim: &Limits) -> Result<ChipPos> {
    let n = count(s, "n (vertices)", lim.vertices)? as usize;
    let k = count(s, "k (chips)", lim.chips)?;
    let tree = read_tree(s, n)?;
    let mut chips = Vec::with_capacity(capacity(s, k, 2));
    for i in 1..=k {
        chips.push(s.vertex(n, || format!("vertex of chip {i} of {k}"))?);
    }
    Ok(ChipPos { tree, chips })
}

/// `n`; n − 1 edges.
pub fn read_cut(s: &mut Scanner, lim: &Limits) -> Result<CutPos> {
    let n = count(s, "N (vertices)", lim.vertices)? as usize;
    Ok(CutPos {
        tree: read_tree(s, n)?,
    })
}

/// `N`; N colours (0 white, 1 black); N − 1 edges.
pub fn read_paint(s: &mut Scanner, lim: &Limits) -> Result<PaintPos> {
    let n = count(s, "N (vertices)", lim.vertices)? as usize;
    let mut white = Vec::with_capacity(capacity(s, n as u64, 2));
    for i in 1..=n {
        white.push(s.int_with(0, 1, || format!("colour of vertex {i} (0 white, 1 black)"))? == 0);
    }
    let tree = read_tree(s, n)?;
    Ok(PaintPos { tree, white })
}

/// `K`; per graph `n m` and m edges `a b`.
pub fn read_hackenbush(s: &mut Scanner, lim: &Limits) -> Result<HackenbushPos> {
    let k = count(s, "K (graphs)", lim.graphs)?;
    let mut graphs = Vec::with_capacity(capacity(s, k, 4));
    for gi in 1..=k {
        let header = s.line();
        let n = count(s, &format!("graph {gi}: vertex count"), lim.vertices)?;
        let m = count(s, &format!("graph {gi}: edge count"), lim.edges)?;
        let mut edges = Vec::with_capacity(capacity(s, m, 4));
        for j in 1..=m {
            let a = s.vertex(n as usize, || {
                format!("graph {gi}, edge {j}: first endpoint")
            })?;
            let b = s.vertex(n as usize, || {
                format!("graph {gi}, edge {j}: second endpoint")
            })?;
            edges.push((a, b));
        }
        let g = Graph { n: n as u32, edges };
        if lim.christmas {
            crate::christmas::validate(&g).map_err(|msg| {
                InputError::new(header, ErrorKind::Constraint, format!("graph {gi}: {msg}"))
            })?;
        }
        graphs.push(g);
    }
    Ok(HackenbushPos { graphs })
}

/// `N T L`; for i = 2..N `P_i R_i`; T updates `A B`.
pub fn read_staircase(s: &mut Scanner, lim: &Limits) -> Result<StaircasePos> {
    let n = count(s, "N (vertices)", lim.vertices)? as usize;
    let t = count(s, "T (updates)", lim.updates)?;
    let cap = count(s, "L (most stones per move)", lim.cap)?;
    let mut parent = Vec::with_capacity(capacity(s, n as u64, 4));
    let mut stones = Vec::with_capacity(parent.capacity());
    let mut lines = Vec::with_capacity(parent.capacity());
    parent.push(crate::tree::NONE);
    stones.push(0);
    lines.push(1);
    for i in 2..=n {
        lines.push(s.line());
        let hi = if lim.parent_below { i - 1 } else { n };
        let p = s.int_with(1, hi as u64, || format!("P_{i} (parent of vertex {i})"))?;
        if p as usize == i {
            return Err(InputError::new(
                lines[i - 1],
                ErrorKind::NotATree,
                format!("vertex {i} cannot be its own parent"),
            ));
        }
        parent.push(p as u32 - 1);
        stones.push(s.int_with(lim.stones.0, lim.stones.1, || {
            format!("R_{i} (stones on vertex {i})")
        })?);
    }
    let tree = Tree::from_parents(&parent).map_err(|e| {
        InputError::new(
            lines[e.edge + 1],
            ErrorKind::NotATree,
            format!(
                "parent of vertex {} closes a cycle (the parents must form a tree rooted at 1)",
                e.edge + 2
            ),
        )
    })?;
    let mut updates = Vec::with_capacity(capacity(s, t, 4));
    for j in 1..=t {
        if n < 2 {
            return Err(InputError::new(
                s.line(),
                ErrorKind::OutOfRange,
                "an update needs a non-root vertex, but the tree has only the root",
            ));
        }
        let a = s.int_with(2, n as u64, || {
            format!("A of update {j} (a non-root vertex)")
        })?;
        let b = s.int_with(lim.stones.0, lim.stones.1, || {
            format!("B of update {j} (stones)")
        })?;
        updates.push((a as u32 - 1, b));
    }
    Ok(StaircasePos {
        tree,
        stones,
        cap,
        updates,
    })
}

/// Reads one position of `game` from the scanner.
pub fn read_position(game: Game, s: &mut Scanner, lim: &Limits) -> Result<Position> {
    Ok(match game {
        Game::Chip => Position::Chip(read_chip(s, lim)?),
        Game::Cut => Position::Cut(read_cut(s, lim)?),
        Game::Hackenbush => Position::Hackenbush(read_hackenbush(s, lim)?),
        Game::Paint => Position::Paint(read_paint(s, lim)?),
        Game::Staircase => Position::Staircase(read_staircase(s, lim)?),
    })
}

fn write_tree(out: &mut String, tree: &Tree) {
    for (p, c) in tree.edges() {
        let _ = writeln!(out, "{} {}", p + 1, c + 1);
    }
}

/// Writes a position in its native input format (canonical: edges by child id).
pub fn write_position(out: &mut String, pos: &Position) {
    match pos {
        Position::Chip(p) => {
            let _ = writeln!(out, "{} {}", p.tree.len(), p.chips.len());
            write_tree(out, &p.tree);
            let chips: Vec<String> = p.chips.iter().map(|c| (c + 1).to_string()).collect();
            let _ = writeln!(out, "{}", chips.join(" "));
        }
        Position::Cut(p) => {
            let _ = writeln!(out, "{}", p.tree.len());
            write_tree(out, &p.tree);
        }
        Position::Hackenbush(p) => {
            let _ = writeln!(out, "{}", p.graphs.len());
            for g in &p.graphs {
                let _ = writeln!(out, "{} {}", g.n, g.edges.len());
                for &(a, b) in &g.edges {
                    let _ = writeln!(out, "{} {}", a + 1, b + 1);
                }
            }
        }
        Position::Paint(p) => {
            let _ = writeln!(out, "{}", p.tree.len());
            let colours: Vec<&str> = p.white.iter().map(|&w| if w { "0" } else { "1" }).collect();
            let _ = writeln!(out, "{}", colours.join(" "));
            write_tree(out, &p.tree);
        }
        Position::Staircase(p) => {
            let _ = writeln!(out, "{} {} {}", p.tree.len(), p.updates.len(), p.cap);
            for v in 1..p.tree.len() as u32 {
                let parent = p.tree.parent(v).expect("non-root vertex");
                let _ = writeln!(out, "{} {}", parent + 1, p.stones[v as usize]);
            }
            for &(a, b) in &p.updates {
                let _ = writeln!(out, "{} {}", a + 1, b);
            }
        }
    }
}

/// Fast integer output for large answers.
pub(crate) fn push_u64(out: &mut Vec<u8>, x: u64) {
    out.extend_from_slice(itoa::Buffer::new().format(x).as_bytes());
}

fn push_list(out: &mut Vec<u8>, items: &[u32], sep: u8) {
    if items.is_empty() {
        out.extend_from_slice(b"-1\n");
        return;
    }
    for (i, &x) in items.iter().enumerate() {
        if i > 0 {
            out.push(sep);
        }
        push_u64(out, u64::from(x) + 1);
    }
    out.push(b'\n');
}

fn push_pairs(out: &mut Vec<u8>, items: &[(u32, u32)]) {
    if items.is_empty() {
        out.extend_from_slice(b"-1\n");
    }
    for &(a, b) in items {
        push_u64(out, u64::from(a) + 1);
        out.push(b' ');
        push_u64(out, u64::from(b) + 1);
        out.push(b'\n');
    }
}

/// Writes an answer in its game's native output format.
pub fn write_answer(out: &mut Vec<u8>, answer: &Answer) {
    match answer {
        Answer::Chip(a) => {
            push_u64(out, a.value);
            out.push(b'\n');
            push_pairs(out, &a.moves);
        }
        Answer::Cut(a) => {
            push_u64(out, a.value);
            out.push(b'\n');
            push_list(out, &a.winning, b' ');
            for (i, &v) in a.by_root.iter().enumerate() {
                if i > 0 {
                    out.push(b' ');
                }
                push_u64(out, v);
            }
            out.push(b'\n');
        }
        Answer::Hackenbush(a) => {
            push_u64(out, a.value);
            out.push(b'\n');
            push_pairs(out, &a.moves);
        }
        Answer::Paint(a) => {
            push_u64(out, a.value);
            out.push(b'\n');
            push_list(out, &a.winning, b'\n');
        }
        Answer::Staircase(a) => {
            for &v in &a.values {
                push_u64(out, v);
                out.push(b'\n');
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(answer: Answer) -> String {
        let mut out = Vec::new();
        write_answer(&mut out, &answer);
        String::from_utf8(out).unwrap()
    }

    /// The exact bytes of every game's answer: separators only between items, one line
    /// per list, `-1` for an empty list.
    #[test]
    fn answers_are_written_byte_for_byte() {
        let cut = Answer::Cut(CutAnswer {
            value: 2,
            winning: vec![1, 4],
            by_root: vec![2, 0, 13],
        });
        assert_eq!(text(cut), "2\n2 5\n2 0 13\n");
        let lost = Answer::Cut(CutAnswer {
            value: 0,
            winning: vec![],
            by_root: vec![0],
        });
        assert_eq!(text(lost), "0\n-1\n0\n");
        let paint = Answer::Paint(PaintAnswer {
            value: 1,
            winning: vec![0, 2],
        });
        assert_eq!(text(paint), "1\n1\n3\n");
        let stairs = Answer::Staircase(StaircaseAnswer { values: vec![3, 0] });
        assert_eq!(text(stairs), "3\n0\n");
        let chip = Answer::Chip(ChipAnswer {
            value: 1,
            moves: vec![(0, 1), (2, 3)],
        });
        assert_eq!(text(chip), "1\n1 2\n3 4\n");
        let hack = Answer::Hackenbush(HackenbushAnswer {
            value: 0,
            moves: vec![],
        });
        assert_eq!(text(hack), "0\n-1\n");
    }
}
