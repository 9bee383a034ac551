//! The positions of the five games of `docs/SPEC.md` §1 and their answers, with 0-based vertex ids.
//!
//! These types are the common language of the solver, the oracle and the harness: both
//! engines take a position and return an [`Answer`] of the same shape, so answers compare
//! with `==`.

pub use crate::game::*;
use crate::kind::{Kind, Model};

/// The game ids, the same in every crate and on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Game {
    /// Chips moving from a vertex to a child.
    Chip,
    /// Green Hackenbush on a rooted tree: cut an edge, the far side falls.
    Cut,
    /// Green Hackenbush on rooted multigraphs (cycles, parallel edges, loops).
    Hackenbush,
    /// Paint a white vertex and its path to the root black (SPOJ COT3).
    Paint,
    /// Staircase Nim on a tree with a cap L on the stones moved.
    Staircase,
}

impl Game {
    /// Every game, in a fixed order.
    pub const ALL: [Game; 5] = [
        Game::Chip,
        Game::Cut,
        Game::Hackenbush,
        Game::Paint,
        Game::Staircase,
    ];

    /// The id used on the command line and in corpus folders.
    pub fn name(self) -> &'static str {
        match self {
            Game::Chip => "chip",
            Game::Cut => "cut",
            Game::Hackenbush => "hackenbush",
            Game::Paint => "paint",
            Game::Staircase => "staircase",
        }
    }

    /// The game with this id.
    pub fn from_name(name: &str) -> Option<Game> {
        Game::ALL.into_iter().find(|g| g.name() == name)
    }
}

/// A position of any game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Position {
    /// See [`ChipPos`].
    Chip(ChipPos),
    /// See [`CutPos`].
    Cut(CutPos),
    /// See [`HackenbushPos`].
    Hackenbush(HackenbushPos),
    /// See [`PaintPos`].
    Paint(PaintPos),
    /// See [`StaircasePos`].
    Staircase(StaircasePos),
}

impl Position {
    /// The game this position belongs to.
    pub fn game(&self) -> Game {
        match self {
            Position::Chip(_) => Game::Chip,
            Position::Cut(_) => Game::Cut,
            Position::Hackenbush(_) => Game::Hackenbush,
            Position::Paint(_) => Game::Paint,
            Position::Staircase(_) => Game::Staircase,
        }
    }

    /// A size for shrinking and statistics: vertices plus chips (`chip`), vertices
    /// (`cut`, `paint`), edges of all graphs (`hackenbush`), vertices plus updates
    /// (`staircase`).
    pub fn size(&self) -> usize {
        crate::each_game!(self.game(), G => G::size(G::pos(self).expect("its own game")))
    }

    /// Vertices in the position (for graphs: the sum over graphs).
    pub fn vertices(&self) -> usize {
        crate::each_game!(self.game(), G => G::vertices(G::pos(self).expect("its own game")))
    }
}

/// An answer of any game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// See [`ChipAnswer`].
    Chip(ChipAnswer),
    /// See [`CutAnswer`].
    Cut(CutAnswer),
    /// See [`HackenbushAnswer`].
    Hackenbush(HackenbushAnswer),
    /// See [`PaintAnswer`].
    Paint(PaintAnswer),
    /// See [`StaircaseAnswer`].
    Staircase(StaircaseAnswer),
}

impl Answer {
    /// The game this answer belongs to.
    pub fn game(&self) -> Game {
        match self {
            Answer::Chip(_) => Game::Chip,
            Answer::Cut(_) => Game::Cut,
            Answer::Hackenbush(_) => Game::Hackenbush,
            Answer::Paint(_) => Game::Paint,
            Answer::Staircase(_) => Game::Staircase,
        }
    }

    /// The value of the position (for `staircase`, of the initial layout).
    pub fn value(&self) -> u64 {
        crate::each_game!(self.game(), G => G::value(G::ans(self).expect("its own game")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Graph;
    use crate::tree::Tree;

    #[test]
    fn every_game_is_found_by_its_name_and_no_other() {
        for g in Game::ALL {
            assert_eq!(Game::from_name(g.name()), Some(g));
        }
        assert_eq!(Game::from_name("cuts"), None);
        assert_eq!(Game::from_name(""), None);
    }

    #[test]
    fn sizes_count_what_each_game_shrinks() {
        let tree = Tree::from_parents(&[u32::MAX, 0, 0, 1]).unwrap();
        let chip = Position::Chip(ChipPos {
            tree: tree.clone(),
            chips: vec![0, 1],
        });
        assert_eq!((chip.size(), chip.vertices()), (6, 4));
        let cut = Position::Cut(CutPos { tree: tree.clone() });
        assert_eq!((cut.size(), cut.vertices()), (4, 4));
        let paint = Position::Paint(PaintPos {
            tree: tree.clone(),
            white: vec![true; 4],
        });
        assert_eq!((paint.size(), paint.vertices()), (4, 4));
        let staircase = Position::Staircase(StaircasePos {
            tree,
            stones: vec![0, 1, 2, 3],
            cap: 2,
            updates: vec![(1, 0), (2, 1), (3, 3)],
        });
        assert_eq!((staircase.size(), staircase.vertices()), (7, 4));
        let hackenbush = Position::Hackenbush(HackenbushPos {
            graphs: vec![
                Graph {
                    n: 3,
                    edges: vec![(0, 1), (1, 2), (2, 0)],
                },
                Graph {
                    n: 2,
                    edges: vec![(0, 1), (0, 1)],
                },
            ],
        });
        assert_eq!((hackenbush.size(), hackenbush.vertices()), (5, 5));
    }
}
