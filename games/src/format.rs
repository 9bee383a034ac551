//! Output format checks (presentation errors): is an output *shaped* like an answer of the
//! problem — right tokens, right count, ids in range — regardless of whether it is right?
//! A wrong but well-formed output is a WA; a malformed one is a PE.

use crate::checker::Mismatch;
use crate::position::{Game, Position};
use crate::problem::Problem;

fn tokens(out: &[u8]) -> Vec<&str> {
    out.split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| std::str::from_utf8(t).unwrap_or("\u{fffd}"))
        .collect()
}

fn words(toks: &[&str], allowed: [&str; 2], count: usize) -> Result<(), Mismatch> {
    if toks.len() != count {
        return Err(format!(
            "expected {count} token{} ({} or {}), found {}",
            if count == 1 { "" } else { "s" },
            allowed[0],
            allowed[1],
            toks.len()
        )
        .into());
    }
    match toks.iter().position(|t| !allowed.contains(t)) {
        Some(i) => Err(format!(
            "token {}: expected {} or {}, found '{}'",
            i + 1,
            allowed[0],
            allowed[1],
            toks[i]
        )
        .into()),
        None => Ok(()),
    }
}

/// Checks that `output` has the shape of an answer to `cases`; the error says how it is
/// malformed.
pub fn check(problem: Problem, cases: &[Position], output: &[u8]) -> Result<(), Mismatch> {
    let toks = tokens(output);
    match problem {
        Problem::Agc017d => words(&toks, ["Alice", "Bob"], 1),
        Problem::Poj3710 => words(&toks, ["Sally", "Harry"], cases.len()),
        Problem::P2972 => {
            let t = match cases.first() {
                Some(Position::Staircase(p)) => p.updates.len(),
                _ => 0,
            };
            words(&toks, ["Yes", "No"], t)
        }
        Problem::Cot3 => {
            let n = cases.first().map(|c| c.vertices()).unwrap_or(0) as i64;
            if toks.is_empty() {
                return Err(Mismatch(
                    "empty output: expected the winning vertices or -1".into(),
                ));
            }
            if toks == ["-1"] {
                return Ok(());
            }
            for (i, t) in toks.iter().enumerate() {
                match t.parse::<i64>() {
                    Ok(v) if (1..=n).contains(&v) => {}
                    _ => {
                        return Err(format!(
                            "token {}: expected a vertex in 1..={n} (or a lone -1), found '{t}'",
                            i + 1
                        )
                        .into())
                    }
                }
            }
            Ok(())
        }
        Problem::Native(game) => {
            if toks.is_empty() {
                return Err(Mismatch("empty output".into()));
            }
            if let Some((i, t)) = toks
                .iter()
                .enumerate()
                .find(|(_, t)| !(t.parse::<u64>().is_ok() || **t == "-1"))
            {
                return Err(format!("token {}: expected an integer, found '{t}'", i + 1).into());
            }
            if game == Game::Staircase {
                let want = match cases.first() {
                    Some(Position::Staircase(p)) => p.updates.len() + 1,
                    _ => 1,
                };
                if toks.len() != want {
                    return Err(format!("expected {want} values, found {}", toks.len()).into());
                }
            }
            Ok(())
        }
    }
}
