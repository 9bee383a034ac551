//! The native input and output formats (`docs/SPEC.md` §3, "Native formats"): the pieces
//! every game's format shares (a tree as its edges, counts in range, lists and pairs of
//! ids), and reading and writing any game's position or answer. Each game's own layout is
//! in its module, `game/GAME.rs`. Vertex ids are 1-based in text, 0-based in memory.

use crate::error::{ErrorKind, InputError, Result};
use crate::input_bounds::InputBounds;
use crate::kind::{Kind, Model};
use crate::position::*;
use crate::scan::Scanner;
use crate::tree::{Tree, TreeErrorKind};
use std::fmt::Write as _;

/// Capacity hint that never trusts a declared count beyond what the input can hold.
pub(crate) fn capacity(s: &Scanner, declared: u64, bytes_per_item: usize) -> usize {
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

pub(crate) fn count(s: &mut Scanner, what: &str, range: (u64, u64)) -> Result<u64> {
    s.int_in(what, range.0, range.1)
}

/// Reads one position of `game` from the scanner.
pub fn read_position(game: Game, s: &mut Scanner, lim: &InputBounds) -> Result<Position> {
    crate::each_game!(game, G => G::read(s, lim).map(G::position))
}

pub(crate) fn write_tree(out: &mut String, tree: &Tree) {
    for (p, c) in tree.edges() {
        let _ = writeln!(out, "{} {}", p + 1, c + 1);
    }
}

/// Writes a position in its native input format (canonical: edges by child id).
pub fn write_position(out: &mut String, pos: &Position) {
    crate::each_game!(pos.game(), G => G::write(out, G::pos(pos).expect("its own game")))
}

/// Fast integer output for large answers.
pub(crate) fn push_u64(out: &mut Vec<u8>, x: u64) {
    out.extend_from_slice(itoa::Buffer::new().format(x).as_bytes());
}

pub(crate) fn push_list(out: &mut Vec<u8>, items: &[u32], sep: u8) {
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

pub(crate) fn push_pairs(out: &mut Vec<u8>, items: &[(u32, u32)]) {
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
    crate::each_game!(answer.game(), G => G::write_answer(out, G::ans(answer).expect("its own game")))
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
