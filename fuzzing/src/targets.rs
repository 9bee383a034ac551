//! The bodies of the cargo-fuzz targets (feature `arbitrary`), kept here so that the
//! targets under `fuzz/` are a few lines of glue and `grundy import` decodes an artifact
//! exactly as the target that produced it did.
//!
//! A `check_GAME` input is either `#` followed by a native input of the game (so the
//! regression corpus seeds the fuzzer directly, and libFuzzer can mutate text), or raw
//! bytes decoded by `Arbitrary` into a bounded position. Oversized inputs are rejected
//! (`None`) instead of timing out.

use crate::compare::{check, CheckError};
use ::arbitrary::{Arbitrary, Unstructured};
use grundy_games::kind::Kind;
use grundy_games::*;
use grundy_oracle::Budget;

/// Inputs longer than this are ignored by every target.
pub const MAX_INPUT: usize = 1 << 16;

/// Every target name, as in `fuzz/fuzz_targets/NAME.rs`.
pub fn names() -> Vec<String> {
    let mut v: Vec<String> = Game::ALL
        .iter()
        .map(|g| format!("check_{}", g.name()))
        .collect();
    v.extend(Problem::ALL.iter().map(|p| format!("parse_{}", p.name())));
    v.push("roundtrip".into());
    v
}

/// Why an artifact decodes to no position ([`decode_artifact`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Undecoded {
    /// The target is not a `check_GAME` or `roundtrip` target.
    UnknownTarget,
    /// A `roundtrip` artifact with no byte (its first byte picks the game).
    Empty,
    /// The target rejects this input: its fuzz target decodes it to no position.
    Rejected(String),
}

impl std::fmt::Display for Undecoded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Undecoded::UnknownTarget => f.write_str("unknown target"),
            Undecoded::Empty => f.write_str("empty artifact"),
            Undecoded::Rejected(target) if target == "roundtrip" => {
                f.write_str("the roundtrip target rejects this input")
            }
            Undecoded::Rejected(target) => write!(
                f,
                "the {target} target rejects this input (it decodes to no position)"
            ),
        }
    }
}

impl std::error::Error for Undecoded {}

/// The position an artifact of a `check_GAME` or `roundtrip` target decodes to, exactly
/// as the target decoded it (`roundtrip`'s first byte picks the game), with its problem
/// (the game's native format).
pub fn decode_artifact(target: &str, data: &[u8]) -> Result<(Problem, Position), Undecoded> {
    let (game, bytes) = if let Some(g) = target.strip_prefix("check_") {
        (Game::from_name(g).ok_or(Undecoded::UnknownTarget)?, data)
    } else if target == "roundtrip" {
        let (&first, rest) = data.split_first().ok_or(Undecoded::Empty)?;
        (Game::ALL[first as usize % Game::ALL.len()], rest)
    } else {
        return Err(Undecoded::UnknownTarget);
    };
    decode(game, bytes)
        .map(|p| (Problem::Native(game), p))
        .ok_or_else(|| Undecoded::Rejected(target.to_string()))
}

/// The position a `check_GAME` input encodes, or `None` if it is rejected.
pub fn decode(game: Game, data: &[u8]) -> Option<Position> {
    if data.len() > MAX_INPUT {
        return None;
    }
    if let Some(text) = data.strip_prefix(b"#") {
        let pos = Problem::Native(game).parse(text, false).ok()?.pop()?;
        let small = pos.vertices() <= 14 && pos.size() <= 20;
        return small.then_some(pos);
    }
    let mut u = Unstructured::new(data);
    each_game!(game, G => Some(G::position(<G as Kind>::Pos::arbitrary(&mut u).ok()?)))
}

/// Oracle budget of a fuzz target's check (keeps every execution fast).
pub const TARGET_STATES: usize = 100_000;

/// `check_GAME`: solver against oracle; a disagreement or a panic of the solver panics
/// here, with the position (a libFuzzer crash, imported with `grundy import`).
pub fn check_target(game: Game, data: &[u8]) {
    let Some(pos) = decode(game, data) else {
        return;
    };
    match check(&pos, Budget::states(TARGET_STATES)) {
        Err(e @ (CheckError::Mismatch(_) | CheckError::Panic(_))) => panic!(
            "solver and oracle disagree: {e}\n{}",
            Problem::Native(game).write_input(&[pos])
        ),
        Ok(_) | Err(CheckError::Oracle(_)) => {}
    }
}

/// `parse_PROBLEM`: raw bytes into the parser and the validator; errors are fine, panics
/// are bugs; an accepted input must print and parse back to the same positions.
pub fn parse_target(problem: Problem, data: &[u8]) {
    if data.len() > MAX_INPUT {
        return;
    }
    for strict in [false, true] {
        if let Ok(cases) = problem.parse(data, strict) {
            let again = problem
                .parse(problem.write_input(&cases).as_bytes(), strict)
                .expect("a printed input parses");
            assert_eq!(cases, again, "round trip through the printer");
            if cases
                .iter()
                .all(|c| c.vertices() <= 2000 && c.size() <= 2000)
            {
                // The solver must not panic on anything the parser accepts.
                for c in &cases {
                    let _ = grundy_solver::answer_for(problem, c);
                }
            }
        }
    }
}

/// `roundtrip`: an arbitrary position of an arbitrary game prints and parses back.
pub fn roundtrip_target(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let game = Game::ALL[first as usize % Game::ALL.len()];
    let Some(pos) = decode(game, rest) else {
        return;
    };
    let problem = Problem::Native(game);
    let text = problem.write_input(std::slice::from_ref(&pos));
    let back = problem
        .parse(text.as_bytes(), false)
        .expect("printed input parses");
    assert_eq!(back, vec![pos]);
}
