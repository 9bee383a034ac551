//! The macros the games' searches share: the narrowest mask type for a position, and a
//! search whose values go to a dense table when the game numbers its states.

use crate::search::OracleError;

/// The error of a position with more ids than a state holds.
pub(crate) fn too_wide(what: &str, count: usize, max: u32) -> OracleError {
    OracleError::TooWide(format!(
        "{count} {what}, the oracle's states hold at most {max}"
    ))
}

/// Runs `$body` with `$M` bound to the narrowest mask type holding `$n` ids.
macro_rules! with_mask {
    ($n:expr, $what:expr, $M:ident => $body:expr) => {{
        let n = $n;
        if n <= 64 {
            type $M = u64;
            $body
        } else if n <= 128 {
            type $M = u128;
            $body
        } else {
            Err($crate::macros::too_wide($what, n, 128))
        }
    }};
}

/// Runs `$body` with `$s` bound to a search over `$rules`, whose states are numbered
/// (`cut`, `hackenbush` by blocks): values kept in a dense table when the game's states
/// are numbered within the budget, else in the hash memo (which then meets the budget
/// and reports it).
macro_rules! with_numbered_search {
    ($rules:expr, $play:expr, $budget:expr, $s:ident => $body:expr) => {{
        let rules = $rules;
        let budget: $crate::Budget = $budget;
        let limit = budget.max_states;
        // Without the memory for a dense table, the hash memo (which grows as it goes).
        let dense = match rules.numbers() {
            Some(n) if budget.dense && n <= limit as u64 => {
                $crate::dense::Dense::try_new(n as usize)
            }
            _ => None,
        };
        match dense {
            Some(table) => {
                let mut $s = $crate::search::Search::with_table(rules, $play, limit, table);
                $body
            }
            None => {
                let mut $s = $crate::search::Search::new(rules, $play, limit);
                $body
            }
        }
    }};
}
