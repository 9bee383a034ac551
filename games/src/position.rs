//! The positions of the five games of `docs/SPEC.md` §1 and their answers, with 0-based vertex ids.
//!
//! These types are the common language of the solver, the oracle and the harness: both
//! engines take a position and return an [`Answer`] of the same shape, so answers compare
//! with `==`.

/// The enums of the games (made from [`with_games!`](crate::with_games)).
#[doc(hidden)]
#[macro_export]
macro_rules! __game_enums {
    ([] $($K:ident $m:ident $name:literal $P:ident $A:ident $doc:literal;)*) => {
        $(pub use $crate::game::$m::{$P, $A};)*

        /// The game ids, the same in every crate and on the command line.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Game {
            $(#[doc = $doc] $K,)*
        }

        impl Game {
            /// Every game, in a fixed order.
            pub const ALL: [Game; [$($name),*].len()] = [$(Game::$K),*];

            /// The id used on the command line and in corpus folders.
            pub fn name(self) -> &'static str {
                match self {
                    $(Game::$K => $name,)*
                }
            }
        }

        /// A position of any game.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Position {
            $(#[doc = concat!("See [`", stringify!($P), "`].")] $K($P),)*
        }

        impl Position {
            /// The game this position belongs to.
            pub fn game(&self) -> Game {
                match self {
                    $(Position::$K(_) => Game::$K,)*
                }
            }
        }

        /// An answer of any game.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Answer {
            $(#[doc = concat!("See [`", stringify!($A), "`].")] $K($A),)*
        }

        impl Answer {
            /// The game this answer belongs to.
            pub fn game(&self) -> Game {
                match self {
                    $(Answer::$K(_) => Game::$K,)*
                }
            }
        }
    };
}

crate::with_games!(__game_enums []);

impl Game {
    /// The game with this id.
    pub fn from_name(name: &str) -> Option<Game> {
        Game::ALL.into_iter().find(|g| g.name() == name)
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
