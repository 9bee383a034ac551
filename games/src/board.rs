//! A built-in game played move by move, as an interactive jury plays it: the legal moves
//! named as a contestant names them, a move applied, and the position that remains —
//! given to the engines in their own terms, with the way back to the original ids.
//!
//! A move is named with the original 1-based ids of the input, whatever was cut or painted
//! before (docs/SPEC.md §1; the README's "Interactive problems" lists the formats):
//!
//! | game | a move | its line |
//! |---|---|---|
//! | `cut` | cut the edge above vertex c (everything below it falls) | `c` |
//! | `paint` | paint the white vertex v and its path to the root | `v` |
//! | `chip` | move a chip from v to its child w | `v w` |
//! | `hackenbush` | delete edge j of graph i (input order; what no longer reaches the ground falls) | `i j` |
//!
//! `staircase` is not played here: a layout with its updates is a sequence of positions,
//! and a single move can carry up to 10^18 stones.
//!
//! Each game's board is in its module (`game/GAME.rs`, the [`Playable`] trait); here are
//! the moves, the board with its game forgotten, and the view. Everything is iterative (a
//! chain of 10^6 vertices is fine) and computes no value: the values come from the
//! engines, on [`Board::view`].

use crate::kind::Kind;
use crate::position::{Answer, Game, Position};

/// A move, in the input's 0-based ids (printed 1-based by [`Move::label`]): named by one
/// id (`cut`: the child end of the edge; `paint`: the vertex) or by two (`chip`: from a
/// vertex to its child; `hackenbush`: graph, edge in input order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// A move named by one id.
    One(u32),
    /// A move named by two ids.
    Two(u32, u32),
}

impl Move {
    /// The move as a line: 1-based ids separated by a space.
    pub fn label(&self) -> String {
        match *self {
            Move::One(v) => (v + 1).to_string(),
            Move::Two(a, b) => format!("{} {}", a + 1, b + 1),
        }
    }
}

/// A game played move by move, implemented in `game/GAME.rs` by the games that are (and
/// handed out by their [`OnBoard::board`]).
pub trait Playable: Kind {
    /// A game in play.
    type State: Clone + std::fmt::Debug + Send + Sync + 'static;
    /// The game at its start.
    fn start(p: &Self::Pos) -> Self::State;
    /// Every legal move, ascending.
    fn moves(s: &Self::State) -> Vec<Move>;
    /// True when `m` is a legal move in `s`.
    fn is_legal(s: &Self::State, m: Move) -> bool;
    /// Plays a legal move.
    fn play(s: &mut Self::State, m: Move);
    /// The most moves the game can still last (exact).
    fn longest(s: &Self::State) -> u64;
    /// A key that tells two states of one game apart (for memoizing their values).
    fn key(s: &Self::State) -> Vec<u64>;
    /// The state in the engines' terms, and the way back to the board's ids (see
    /// [`View`]).
    fn view(s: &Self::State) -> (Self::Pos, Vec<Vec<u32>>);
    /// The winning moves of an engine's answer on the view, in the board's ids.
    fn winning(back: &[Vec<u32>], a: &Self::Ans) -> Vec<Move>;
}

/// A position in play.
#[derive(Debug)]
pub struct Board {
    inner: Box<dyn Played>,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            inner: self.inner.clone_box(),
        }
    }
}

/// A [`Playable`] game's state, with its game forgotten.
trait Played: std::fmt::Debug + Send + Sync {
    fn moves(&self) -> Vec<Move>;
    fn is_legal(&self, m: Move) -> bool;
    fn play(&mut self, m: Move);
    fn longest(&self) -> u64;
    fn key(&self) -> Vec<u64>;
    fn view(&self) -> View;
    fn clone_box(&self) -> Box<dyn Played>;
}

struct InPlay<G: Playable>(G::State);

impl<G: Playable> std::fmt::Debug for InPlay<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<G: Playable> Played for InPlay<G> {
    fn moves(&self) -> Vec<Move> {
        G::moves(&self.0)
    }
    fn is_legal(&self, m: Move) -> bool {
        G::is_legal(&self.0, m)
    }
    fn play(&mut self, m: Move) {
        G::play(&mut self.0, m)
    }
    fn longest(&self) -> u64 {
        G::longest(&self.0)
    }
    fn key(&self) -> Vec<u64> {
        G::key(&self.0)
    }
    fn view(&self) -> View {
        let (p, back) = G::view(&self.0);
        View {
            position: G::position(p),
            back,
            winning: winning_of::<G>,
        }
    }
    fn clone_box(&self) -> Box<dyn Played> {
        Box::new(InPlay::<G>(self.0.clone()))
    }
}

fn winning_of<G: Playable>(back: &[Vec<u32>], answer: &Answer) -> Vec<Move> {
    G::ans(answer).map_or_else(Vec::new, |a| G::winning(back, a))
}

/// The position of a board in the engines' terms, and the way back to the board's ids.
#[derive(Clone, Debug)]
pub struct View {
    /// The position (for `cut` and `hackenbush`, renumbered: what fell is gone).
    pub position: Position,
    /// `cut`: the original id of each vertex of the view; `hackenbush`: per graph, the
    /// original index of each edge of the view. Empty for the other games (ids kept).
    back: Vec<Vec<u32>>,
    winning: fn(&[Vec<u32>], &Answer) -> Vec<Move>,
}

impl View {
    /// The board's id (0-based) of each vertex of [`View::position`]'s tree, where the
    /// view renumbers them (`cut`: what fell is gone); `None` where the ids are kept.
    pub fn vertex_ids(&self) -> Option<&[u32]> {
        match self.position {
            Position::Cut(_) => self.back.first().map(Vec::as_slice),
            _ => None,
        }
    }

    /// The board's index (0-based) of each edge of each graph of [`View::position`]
    /// (`hackenbush`: what fell is gone); `None` for the other games.
    pub fn edge_ids(&self) -> Option<&[Vec<u32>]> {
        match self.position {
            Position::Hackenbush(_) => Some(&self.back),
            _ => None,
        }
    }

    /// The winning moves of an engine's answer on [`View::position`], in the board's ids,
    /// ascending.
    pub fn winning(&self, answer: &Answer) -> Vec<Move> {
        let mut out = (self.winning)(&self.back, answer);
        out.sort_unstable();
        out
    }
}

/// Why a position cannot be played move by move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotPlayable(pub Game);

impl std::fmt::Display for NotPlayable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}` is not played move by move: a layout with its updates is a sequence of positions, not one game (give the game by its rules instead)",
            self.0.name()
        )
    }
}

impl std::error::Error for NotPlayable {}

/// A game's way onto a [`Board`] (implemented in `game/GAME.rs` for every game): a game
/// that implements [`Playable`] hands out its board; by default a game is not playable.
pub trait OnBoard: Kind {
    /// The game played move by move from `p` (an interactive jury's board).
    fn board(p: &Self::Pos) -> Result<Board, NotPlayable> {
        let _ = p;
        Err(NotPlayable(Self::GAME))
    }
}

impl Board {
    /// The board of a position (its game's [`OnBoard::board`]).
    pub fn new(pos: &Position) -> Result<Board, NotPlayable> {
        crate::each_game!(pos.game(), G => G::board(G::pos(pos).expect("its own game")))
    }

    /// The board of a position of a [`Playable`] game.
    pub fn of<G: Playable>(p: &G::Pos) -> Board {
        Board {
            inner: Box::new(InPlay::<G>(G::start(p))),
        }
    }

    /// Every legal move, ascending.
    pub fn moves(&self) -> Vec<Move> {
        self.inner.moves()
    }

    /// True when `m` is a legal move here.
    pub fn is_legal(&self, m: &Move) -> bool {
        self.inner.is_legal(*m)
    }

    /// Plays a move; an illegal one leaves the board as it is.
    pub fn play(&mut self, m: &Move) {
        if self.is_legal(m) {
            self.inner.play(*m);
        }
    }

    /// The board after a move.
    pub fn after(&self, m: &Move) -> Board {
        let mut b = self.clone();
        b.play(m);
        b
    }

    /// The most moves the game can still last (exact: a cut of a leaf edge, a white
    /// vertex with no white ancestor, a chip walking its longest path down, an edge whose
    /// loss drops nothing else always exists while any move does).
    pub fn longest(&self) -> u64 {
        self.inner.longest()
    }

    /// A key that tells two boards of one game apart (for memoizing their values).
    pub fn key(&self) -> Vec<u64> {
        self.inner.key()
    }

    /// The position in the engines' terms.
    pub fn view(&self) -> View {
        self.inner.view()
    }
}

/// Flags packed 64 to a word (a board's key).
pub(crate) fn bits<'a>(it: impl Iterator<Item = &'a bool>) -> Vec<u64> {
    let mut out = Vec::new();
    for (i, &b) in it.enumerate() {
        if i % 64 == 0 {
            out.push(0);
        }
        if b {
            *out.last_mut().expect("pushed") |= 1 << (i % 64);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::*;
    use crate::{Graph, Tree};

    fn cut(edges: &[(u32, u32)]) -> Board {
        let tree = Tree::from_edges(edges.len() + 1, edges).unwrap();
        Board::new(&Position::Cut(CutPos { tree })).unwrap()
    }

    #[test]
    fn a_cut_drops_the_subtree_and_keeps_the_original_names() {
        // 1-2-3 and 1-4: cutting above 2 drops 2 and 3.
        let b = cut(&[(0, 1), (1, 2), (0, 3)]);
        assert_eq!(b.moves(), vec![Move::One(1), Move::One(2), Move::One(3)]);
        let twice = b.after(&Move::One(2)).after(&Move::One(1));
        assert_eq!(
            twice.longest(),
            1,
            "a vertex that fell earlier is not counted again"
        );
        let b = b.after(&Move::One(1));
        assert_eq!(b.moves(), vec![Move::One(3)]);
        assert_eq!(b.longest(), 1);
        let v = b.view();
        assert_eq!(v.position.vertices(), 2);
        let answer = Answer::Cut(crate::position::CutAnswer {
            value: 1,
            winning: vec![1],
            by_root: vec![1, 1],
        });
        assert_eq!(v.winning(&answer), vec![Move::One(3)]);
        assert_eq!(Move::One(3).label(), "4");
    }

    #[test]
    fn painting_blackens_the_path_to_the_root() {
        let tree = Tree::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
        let b = Board::new(&Position::Paint(PaintPos {
            tree,
            white: vec![true, false, true],
        }))
        .unwrap();
        assert_eq!(b.moves(), vec![Move::One(0), Move::One(2)]);
        assert_eq!(b.after(&Move::One(2)).moves(), Vec::<Move>::new());
        assert!(!b.is_legal(&Move::One(1)));
    }

    #[test]
    fn a_chip_moves_to_a_child_only() {
        let tree = Tree::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
        let b = Board::new(&Position::Chip(ChipPos {
            tree,
            chips: vec![1, 0, 1],
        }))
        .unwrap();
        assert_eq!(b.moves(), vec![Move::Two(0, 1), Move::Two(1, 2)]);
        assert_eq!(b.longest(), 2 + 1 + 1);
        assert!(!b.is_legal(&Move::Two(2, 1)));
        let b = b.after(&Move::Two(0, 1));
        assert_eq!(b.moves(), vec![Move::Two(1, 2)]);
        assert_eq!(Move::Two(1, 2).label(), "2 3");
    }

    #[test]
    fn a_hackenbush_cut_drops_what_no_longer_reaches_the_ground() {
        // Ground 0, edge 0: 0-1, edges 1 and 2: a 1-2 double edge, edge 3: a loop at 2.
        let g = Graph {
            n: 3,
            edges: vec![(0, 1), (1, 2), (2, 1), (2, 2)],
        };
        let b = Board::new(&Position::Hackenbush(HackenbushPos { graphs: vec![g] })).unwrap();
        assert_eq!(b.longest(), 4);
        let after = b.after(&Move::Two(0, 1));
        assert_eq!(after.longest(), 3);
        let gone = b.after(&Move::Two(0, 0));
        assert!(gone.moves().is_empty());
        let v = after.view();
        let answer = Answer::Hackenbush(crate::position::HackenbushAnswer {
            value: 0,
            moves: vec![(0, 1)],
        });
        // Edge 1 of the view is edge 2 of the input.
        assert_eq!(v.winning(&answer), vec![Move::Two(0, 2)]);
    }

    #[test]
    fn a_chain_of_a_million_is_cut_without_recursion() {
        let n = 1_000_000u32;
        let parents: Vec<u32> = (0..n).map(|v| v.saturating_sub(1)).collect();
        let tree = Tree::from_parents(&parents).unwrap();
        let b = Board::new(&Position::Cut(CutPos { tree })).unwrap();
        let b = b.after(&Move::One(1));
        assert_eq!(b.longest(), 0);
        assert_eq!(b.view().position.vertices(), 1);
    }
}
