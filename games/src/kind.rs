//! One type per game, and the one table that dispatches on a game.
//!
//! Every layer keeps a game in one module of its own (`solver/src/cut.rs`,
//! `fuzzing/src/room/cut.rs`, …) that implements that layer's trait for the game's marker
//! type here ([`Cut`], …). A layer's function over any game ([`Position`], [`Answer`] or
//! [`Game`]) is then written once, through [`each_game!`](crate::each_game), the only
//! `match` with an arm per game. The enums, the markers and that match are all made from
//! one table, [`with_games!`](crate::with_games): adding a game adds one line to it,
//! not an arm to every function of every layer.

use crate::error::Result;
use crate::input_bounds::InputBounds;
use crate::position::*;
use crate::scan::Scanner;

/// A game as a type: its position and answer types, and the way in and out of the
/// [`Position`] and [`Answer`] enums.
pub trait Kind: 'static {
    /// The game's id.
    const GAME: Game;
    /// A position of the game.
    type Pos: Clone + std::fmt::Debug + PartialEq;
    /// An answer to a position of the game.
    type Ans: Clone + std::fmt::Debug + PartialEq + Default;
    /// The position as a [`Position`].
    fn position(p: Self::Pos) -> Position;
    /// The game's position inside `p`, if `p` is one of this game.
    fn pos(p: &Position) -> Option<&Self::Pos>;
    /// The game's position inside `p`, mutable.
    fn pos_mut(p: &mut Position) -> Option<&mut Self::Pos>;
    /// The answer as an [`Answer`].
    fn answer(a: Self::Ans) -> Answer;
    /// The game's answer inside `a`, if `a` is one of this game.
    fn ans(a: &Answer) -> Option<&Self::Ans>;
}

/// What the model knows of a game beyond its types (implemented in `game/GAME.rs`): its
/// sizes and its native text formats.
pub trait Model: Kind {
    /// A size for shrinking and statistics (see [`Position::size`]).
    fn size(p: &Self::Pos) -> usize;
    /// Vertices in the position (for graphs: the sum over graphs).
    fn vertices(p: &Self::Pos) -> usize;
    /// The value of the position (for `staircase`, of the initial layout).
    fn value(a: &Self::Ans) -> u64;
    /// Reads one position in the native input format.
    fn read(s: &mut Scanner, lim: &InputBounds) -> Result<Self::Pos>;
    /// Writes a position in its native input format (canonical: edges by child id).
    fn write(out: &mut String, p: &Self::Pos);
    /// Writes an answer in the native output format.
    fn write_answer(out: &mut Vec<u8>, a: &Self::Ans);
}

/// The table of the games, one line per game: the variant and marker name, the module
/// (`game/MODULE.rs`), the id on the command line, the position and answer types, and a
/// line of documentation. It hands the table to the macro `$cb` of this crate, after
/// `[$args]`: the enums of [`crate::position`], the markers below and [`each_game!`] are
/// all made from it, so a new game is one line here.
#[doc(hidden)]
#[macro_export]
macro_rules! with_games {
    ($cb:ident [$($args:tt)*]) => {
        $crate::$cb! { [$($args)*]
            Chip chip "chip" ChipPos ChipAnswer "Chips moving from a vertex to a child.";
            Cut cut "cut" CutPos CutAnswer "Green Hackenbush on a rooted tree: cut an edge, the far side falls.";
            Hackenbush hackenbush "hackenbush" HackenbushPos HackenbushAnswer "Green Hackenbush on rooted multigraphs (cycles, parallel edges, loops).";
            Paint paint "paint" PaintPos PaintAnswer "Paint a white vertex and its path to the root black (SPOJ COT3).";
            Staircase staircase "staircase" StaircasePos StaircaseAnswer "Staircase Nim on a tree with a cap L on the stones moved.";
        }
    };
}

/// The markers of the games and their [`Kind`] (made from [`with_games!`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __kinds {
    ([] $($K:ident $m:ident $name:literal $P:ident $A:ident $doc:literal;)*) => {$(
        #[doc = concat!("The game `", $name, "` as a type (see [`Game::", stringify!($K), "`]).")]
        #[derive(Clone, Copy, Debug)]
        pub struct $K;

        impl Kind for $K {
            const GAME: Game = Game::$K;
            type Pos = $P;
            type Ans = $A;
            fn position(p: $P) -> Position {
                Position::$K(p)
            }
            fn pos(p: &Position) -> Option<&$P> {
                match p {
                    Position::$K(p) => Some(p),
                    _ => None,
                }
            }
            fn pos_mut(p: &mut Position) -> Option<&mut $P> {
                match p {
                    Position::$K(p) => Some(p),
                    _ => None,
                }
            }
            fn answer(a: $A) -> Answer {
                Answer::$K(a)
            }
            fn ans(a: &Answer) -> Option<&$A> {
                match a {
                    Answer::$K(a) => Some(a),
                    _ => None,
                }
            }
        }
    )*};
}

crate::with_games!(__kinds []);

/// Evaluates `$body` with `$G` the marker type ([`Kind`]) of the game `$game`: the one
/// `match` over the games, made from the table. Example:
/// `each_game!(pos.game(), G => G::size(G::pos(&pos).unwrap()))`.
#[macro_export]
macro_rules! each_game {
    ($game:expr, $G:ident => $body:expr) => {
        $crate::with_games!(__each_game_arms [$game, $G, $body])
    };
}

/// The arms of [`each_game!`].
#[doc(hidden)]
#[macro_export]
macro_rules! __each_game_arms {
    ([$game:expr, $G:ident, $body:expr] $($K:ident $m:ident $name:literal $P:ident $A:ident $doc:literal;)*) => {
        match $game {
            $($crate::Game::$K => {
                type $G = $crate::kind::$K;
                $body
            })*
        }
    };
}

impl Position {
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

impl Answer {
    /// The value of the position (for `staircase`, of the initial layout).
    pub fn value(&self) -> u64 {
        crate::each_game!(self.game(), G => G::value(G::ans(self).expect("its own game")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_goes_in_and_out_of_its_own_kind_only() {
        for g in Game::ALL {
            let game = crate::each_game!(g, G => G::GAME);
            assert_eq!(game, g);
            let ans = crate::each_game!(g, G => G::answer(Default::default()));
            for h in Game::ALL {
                let fits = crate::each_game!(h, H => H::ans(&ans).is_some());
                assert_eq!(fits, g == h, "{g:?} answer in {h:?}");
            }
        }
    }
}
