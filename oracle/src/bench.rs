//! The narrow measuring API of `grundy-bench oracle`: one search of a `cut` or `hackenbush`
//! position from an empty memo, with what it cost. The benchmark goes through these two
//! functions instead of the oracle's internals (its search, memo and rules stay private).

use crate::blocks::BlockRules;
use crate::cut::CutRules;
use crate::hackenbush::HackenbushRules;
use crate::memo::Table;
use crate::search::{Play, Rules, Search};
use crate::Budget;
use grundy_games::{HackenbushPos, Tree};
use std::time::Instant;

/// What one search cost.
#[derive(Clone, Debug)]
pub struct Measured {
    /// Seconds of the search.
    pub secs: f64,
    /// States memoized.
    pub states: usize,
    /// Successors generated (memo lookups).
    pub generated: u64,
    /// Bytes of the memo.
    pub bytes: usize,
    /// The value of the start position, or why the search stopped.
    pub value: Result<u32, crate::OracleError>,
}

fn measure<R: Rules, T: Table<R::State>>(s: &mut Search<R, T>, start: R::State) -> Measured {
    let t = Instant::now();
    let value = s.value(start);
    Measured {
        secs: t.elapsed().as_secs_f64(),
        states: s.states(),
        generated: s.generated(),
        bytes: s.memo_bytes(),
        value,
    }
}

fn budget(limit: usize, hash: bool) -> Budget {
    Budget {
        dense: !hash,
        ..Budget::states(limit)
    }
}

/// How many states the `cut` game on `tree` has (the size of its exact numbering), when
/// it has at most 64 vertices.
pub fn cut_states(tree: &Tree) -> Option<u64> {
    CutRules::<u64>::new(tree)?.numbers()
}

/// Searches the `cut` position on `tree` (at most 64 vertices) with at most `limit`
/// states: in the dense table the game's numbering allows, or with `hash` in the hash memo.
pub fn cut_search(tree: &Tree, hash: bool, limit: usize) -> Option<Measured> {
    let rules = CutRules::<u64>::new(tree)?;
    let start = rules.start();
    Some(
        with_numbered_search!(rules, Play::Normal, budget(limit, hash), s => measure(&mut s, start)),
    )
}

/// Searches a `hackenbush` position by blocks (or with `plain`, one flood fill per move
/// and the hash memo) with at most `limit` states.
pub fn hackenbush_search(pos: &HackenbushPos, plain: bool, limit: usize) -> Option<Measured> {
    match BlockRules::<u64>::new(pos) {
        Some(rules) if !plain => {
            let start = rules.start();
            Some(
                with_numbered_search!(rules, Play::Normal, budget(limit, false), s => measure(&mut s, start)),
            )
        }
        _ => {
            let rules = HackenbushRules::<u64>::new(pos)?;
            let start = rules.start();
            Some(measure(&mut Search::new(rules, Play::Normal, limit), start))
        }
    }
}
