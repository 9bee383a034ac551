//! The oracle: exhaustive, memoized game-tree search from the rules alone.
//!
//! **Independence is the point of this crate.** It knows how to list the moves of each
//! game ([`cut`], [`chip`], [`hackenbush`], [`paint`], [`staircase`]) and the definition of
//! a value ([`search`]): g = mex over the successors (normal play), or "the player to move
//! wins iff some move reaches a lost position, or there is no move" (misère). It uses no
//! XOR, no colon or fusion principle, no Sprague–Grundy decomposition: a sum (several
//! chips, several graphs, a whole stone layout) is searched as one combined state. So a
//! solver bug can only hide if the same wrong answer also follows from the rules.
//!
//! States are compact exact encodings (edge masks, sorted chip tuples, white-vertex masks,
//! packed stone vectors). Finished states are kept in a [`memo`] (a hash table of
//! cache-line buckets) whose capacity is the state budget; past the budget the search
//! stops with "position too large for exhaustive search: N states explored, limit M".
//! The states of `cut`, `hackenbush` and small `staircase` layouts also carry a number —
//! pure counting: [`cut`] numbers the subtrees containing the root, [`blocks`] numbers
//! the edge sets of a sum of graphs piece by piece, [`staircase`] numbers stone layouts
//! in mixed radix — and when the numbers fit in the budget the values go to a [`dense`]
//! table of one byte per number instead: no hashing, no stored keys, a table small
//! enough for the processor's caches. [`hackenbush`] (one flood fill per move) is
//! the plain form of the rules, used for blocks too large for tables and checked against
//! [`blocks`] by the tests; [`tiny`] searches small sums (at most 12 edges) on the plain
//! masks themselves, each mask its own index, with each graph's moves kept once found. The `cut` value for every root is one search per root, and a
//! tree's value depends only on its shape: [`shape`] keeps the values of rooted trees up
//! to 16 vertices by their exact canonical shape, so `exhaust cut` (where every rerooting
//! is itself enumerated) searches each shape once.
//!
//! A game grundy has never seen is searched by [`ruleset`] from rules the setter writes
//! ([`Rules`] in Rust, or any [`ruleset::Explorer`], such as a Python rules file run by
//! the judging layer): the same definitions, over states the rules name.
//!
//! Misère play has no fast rule in the solver for most of these games; [`misere`] is
//! answered by the oracle only.

#![deny(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

#[macro_use]
mod macros;
pub(crate) mod blocks;
pub(crate) mod chip;
pub(crate) mod cut;
pub(crate) mod dense;
pub(crate) mod hackenbush;
pub(crate) mod hackenbush_answer;
pub(crate) mod mask;
pub(crate) mod memo;
pub(crate) mod paint;
pub mod ruleset;
pub(crate) mod search;
pub(crate) mod shape;
pub(crate) mod staircase;
pub(crate) mod tiny;

pub use memo::advise_huge_pages;
pub use ruleset::Rules;
pub use search::{OracleError, Play, DEFAULT_MAX_STATES};
/// Most edges of a `hackenbush` sum searched on its plain edge masks ([`tiny`]); larger
/// sums are searched by their per-piece tables ([`blocks`]).
pub use tiny::TINY_SUM as PLAIN_MASK_EDGES;

use grundy_games::kind::Kind;
use grundy_games::*;

/// Limits of one oracle run.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Most states memoized by any one search.
    pub max_states: usize,
    /// Keep the values of numbered states (`cut`, `hackenbush`) in a dense table when
    /// their numbers fit in the budget (the default); `false` uses the hash memo for
    /// every game (the tests compare both).
    pub dense: bool,
    /// Answer a search of a small rooted tree whose shape was searched before (in this
    /// process) from the values kept by [`shape`] (the default); `false` searches every
    /// time (the tests comparing ways of searching, or counting states, turn it off).
    pub shapes: bool,
}

impl Budget {
    /// The default budget with at most `max_states` states.
    pub fn states(max_states: usize) -> Budget {
        Budget {
            max_states,
            dense: true,
            shapes: true,
        }
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::states(DEFAULT_MAX_STATES)
    }
}

/// An answer and what it cost.
#[derive(Clone, Debug)]
pub struct Report<T> {
    /// The answer.
    pub answer: T,
    /// States memoized, summed over the searches made.
    pub states: usize,
}

/// A game as the oracle sees it: every query by exhaustive search, and the misère outcome.
pub trait Exhaustive: grundy_games::kind::Kind {
    /// Every query of `docs/SPEC.md` §1 for the position.
    fn solve(p: &Self::Pos, budget: Budget) -> Result<Report<Self::Ans>, OracleError>;
    /// For each layout (one for every game but `staircase`, whose initial layout comes
    /// first and then each update), whether the player to move wins when the player who
    /// cannot move *wins*.
    fn misere(p: &Self::Pos, budget: Budget) -> Result<Vec<bool>, OracleError>;
}

/// Every query of `docs/SPEC.md` §1 by exhaustive search.
pub fn solve(pos: &Position, budget: Budget) -> Result<Report<Answer>, OracleError> {
    each_game!(pos.game(), G => {
        let r = G::solve(G::pos(pos).expect("the position's own game"), budget)?;
        Ok(Report {
            answer: G::answer(r.answer),
            states: r.states,
        })
    })
}

/// The misère outcome: for each layout (one for every game but `staircase`, whose
/// initial layout comes first and then each update), whether the player to move wins
/// when the player who cannot move *wins*.
pub fn misere(pos: &Position, budget: Budget) -> Result<Vec<bool>, OracleError> {
    each_game!(pos.game(), G => G::misere(G::pos(pos).expect("the position's own game"), budget))
}

pub mod bench;
