//! The contest problems' constraints, written once: in the `[statement]` table of each
//! built-in package (`problems/NAME/problem.toml`), compiled in here. This module reads the
//! table ([`parse`]); [`crate::problem::Problem::strict_limits`] holds the parsed
//! tables, which the validators, the generators (`grundy_fuzzing::contest`) and the
//! package loader all read.
//!
//! The table holds `[lo, hi]` pairs (`vertices`, `graphs`, `edges`, `stones`, `cap`,
//! `updates`, `chips`) and the flags `parent_below` and `christmas`; a key left out keeps
//! the lenient bound of [`InputBounds::LENIENT`].

use crate::error::{ErrorKind, InputError};
use crate::input_bounds::InputBounds;

/// The `[statement]` table of a package text, if it has one; the error names the line.
pub fn parse(text: &str) -> Result<Option<InputBounds>, InputError> {
    let mut lines = text.lines().enumerate();
    if !lines.any(|(_, l)| l.split('#').next().unwrap_or("").trim() == "[statement]") {
        return Ok(None);
    }
    let mut limits = InputBounds::LENIENT;
    for (i, line) in lines {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.starts_with('[') {
            break;
        }
        if line.is_empty() {
            continue;
        }
        let at = |what: &str| InputError::new(i + 1, ErrorKind::Setting, what);
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| at("expected `key = value`"))?;
        let (key, value) = (key.trim(), value.trim());
        let flag = || match value {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(at(&format!("{key}: expected true or false"))),
        };
        let pair = || -> Result<(u64, u64), InputError> {
            let inner = value
                .strip_prefix('[')
                .and_then(|v| v.strip_suffix(']'))
                .ok_or_else(|| at(&format!("{key}: expected [lo, hi]")))?;
            let nums: Vec<u64> = inner
                .split(',')
                .map(|x| x.trim().replace('_', "").parse::<u64>())
                .collect::<Result<_, _>>()
                .map_err(|_| at(&format!("{key}: expected two whole numbers")))?;
            match nums[..] {
                [lo, hi] if lo <= hi => Ok((lo, hi)),
                _ => Err(at(&format!("{key}: expected [lo, hi] with lo ≤ hi"))),
            }
        };
        match key {
            "vertices" => limits.vertices = pair()?,
            "chips" => limits.chips = pair()?,
            "graphs" => limits.graphs = pair()?,
            "edges" => limits.edges = pair()?,
            "stones" => limits.stones = pair()?,
            "cap" => limits.cap = pair()?,
            "updates" => limits.updates = pair()?,
            "parent_below" => limits.parent_below = flag()?,
            "christmas" => limits.christmas = flag()?,
            other => {
                return Err(at(&format!(
                    "unknown key `{other}` (expected vertices, chips, graphs, edges, stones, cap, updates, parent_below or christmas)"
                )))
            }
        }
    }
    Ok(Some(limits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_malformed_statement_names_its_line() {
        let e = parse("[statement]\nvertices = [5, 2]\n").unwrap_err();
        assert_eq!((e.line(), e.kind()), (2, ErrorKind::Setting));
        assert!(e.to_string().starts_with("line 2: vertices"), "{e}");
        let e = parse("[statement]\nnodes = [1, 2]\n").unwrap_err();
        assert!(e.to_string().contains("unknown key `nodes`"), "{e}");
        assert_eq!(parse("[judge]\ntime = 2\n").unwrap(), None);
    }
}
