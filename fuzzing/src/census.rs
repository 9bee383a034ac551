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

use crate::room::{Bucket, Room};
use grundy_games::kind::Kind;
use grundy_games::*;

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

/// The buckets of `game`, in table order (at most 64).
pub fn buckets(game: Game) -> &'static [Bucket] {
    each_game!(game, G => G::BUCKETS)
}

/// The buckets a case falls in, as a bit set over [`buckets`]`(game)` (bit i for bucket i).
/// `answer` is the answer both engines agreed on.
pub fn census(pos: &Position, answer: &Answer) -> u64 {
    let names: Vec<&'static str> = each_game!(pos.game(), G => match (G::pos(pos), G::ans(answer)) {
        (Some(p), Some(a)) => G::census(p, a),
        _ => Vec::new(),
    });
    let all = buckets(pos.game());
    names.iter().fold(0, |bits, name| {
        let i = all.iter().position(|b| b.name == *name);
        bits | i.map_or(0, |i| 1 << i)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generated_graphs_reach_every_structural_bucket() {
        use crate::gen::graphs::hackenbush;
        use crate::gen::Sizes;
        use crate::Rng;
        use grundy_games::{Answer, Game, HackenbushAnswer, Position};
        let sizes = Sizes {
            edges: 16,
            graphs: 1,
            ..Sizes::SMALL
        };
        let mut seen = 0u64;
        for i in 0..4000 {
            let (p, _) = hackenbush(&mut Rng::for_case(7, i), &sizes);
            seen |= census(
                &Position::Hackenbush(p),
                &Answer::Hackenbush(HackenbushAnswer::default()),
            );
        }
        for (i, b) in buckets(Game::Hackenbush).iter().enumerate() {
            let structural = !matches!(b.name, "sum" | "value-4+" | "tied-moves");
            assert!(
                !structural || seen >> i & 1 == 1,
                "no generated graph is {}",
                b.name
            );
        }
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
