//! A random position of any game, its tree and shape, every position within bounds, and a
//! move of the hunt: each asks the game's [`Room`] through [`grundy_games::each_game!`],
//! the one table with an arm per game. The helpers the games share — tree generators
//! (`gen`), enumerators (`exhaust`), tree mutations (`growth`) — import no game, so
//! `room` imports them and this module imports `room`, never the other way. (The census,
//! the shrinker and the contest inputs ask `Room` in their own modules, above it too.)

use crate::exhaust::Bounds;
use crate::gen::{Generated, Sizes};
use crate::rng::Rng;
use crate::room::Room;
use grundy_games::kind::Kind;
use grundy_games::{each_game, Game, Position, Tree};
use std::ops::ControlFlow;

/// A random position of `game`.
pub fn position(game: Game, rng: &mut Rng, sizes: &Sizes) -> Generated {
    each_game!(game, G => {
        let (p, shape) = G::generate(rng, sizes);
        Generated {
            position: G::position(p),
            shape,
        }
    })
}

/// A copy of the tree a position is played on, for a game played on one tree.
pub fn tree_in(pos: &Position) -> Option<Tree> {
    let mut p = pos.clone();
    each_game!(p.game(), G => G::pos_mut(&mut p).and_then(G::tree_mut).map(|t| t.clone()))
}

/// The shape of a position, for reports (its game's [`Room::shape`]).
pub fn shape_of(pos: &Position) -> &'static str {
    each_game!(pos.game(), G => G::shape(G::pos(pos).expect("its own game")))
}

/// Calls `f` with every position of `game` within `b` (the game's [`Room::enumerate`]).
pub fn positions(
    game: Game,
    b: &Bounds,
    mut f: impl FnMut(Position) -> ControlFlow<()>,
) -> ControlFlow<()> {
    each_game!(game, G => G::enumerate(b, &mut |p| f(G::position(p))))
}

/// The flags of `grundy exhaust` that re-create an enumeration of `game` within `b`.
pub fn bounds_flags(game: Game, b: &Bounds) -> String {
    let mut s = format!("--max-nodes {}", b.max_nodes);
    for (name, value) in each_game!(game, G => G::bounds(b)) {
        s += &format!(" --{name} {value}");
    }
    s
}

/// One move of the hunt on a position (its game's [`Room::mutate`]): per-vertex data
/// (colours, stones) or the tree, and the move in words.
pub fn mutate_position(pos: &mut Position, rng: &mut Rng) -> Option<&'static str> {
    each_game!(pos.game(), G => G::mutate(G::pos_mut(pos).expect("its own game"), rng))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_case() {
        for game in Game::ALL {
            let a = position(game, &mut Rng::for_case(9, 4), &Sizes::SMALL);
            let b = position(game, &mut Rng::for_case(9, 4), &Sizes::SMALL);
            assert_eq!(a.position, b.position);
        }
    }
}
