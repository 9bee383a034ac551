//! The jury of a package whose game is given by its rules: positions are the rules'
//! states, moves are labelled as the rules print them, and every value comes from the
//! rules' search (the oracle's [`ruleset`](grundy_oracle::ruleset)), never from a formula.

use super::{
    case_texts, judge, one_game, Arena, Game, InteractSpec, Known, PlayError, Played, Stop,
};
use crate::rules::{PlayMove, Worker};
use crate::rules_game::RulesGame;
use grundy_fuzzing::Rng;
use grundy_games::schema::{Instance, Schema, Tests};
use grundy_oracle::ruleset::{self, Outcome, RulesError, Solved, StateId};
use grundy_sandbox::runner::RunLimits;

/// Plays every test case of `inst` against the program `argv`: the verdict, the run and
/// the transcript. An `Err` is the package's fault (the rules fail) or a program that
/// cannot start.
pub fn play(
    game: &RulesGame,
    spec: &InteractSpec,
    schema: &Schema,
    inst: &Instance,
    argv: &[String],
    limits: &RunLimits,
    seed: u64,
) -> Result<Played, PlayError> {
    judge(spec, argv, limits, |g| {
        game.with_worker(|w| {
            Ok(all_cases(
                g,
                w,
                schema,
                inst,
                seed,
                game.spec.options(),
                game.spec.per_start,
            ))
        })
        .map_err(|e| Stop::Fault(PlayError::Rules(e.to_string())))?
    })
}

fn all_cases(
    g: &mut Game<'_>,
    w: &mut Worker,
    schema: &Schema,
    inst: &Instance,
    seed: u64,
    opts: ruleset::Options,
    per_start: bool,
) -> Result<(), Stop> {
    if matches!(schema.tests, Tests::Count(_)) {
        g.say(&inst.cases.len().to_string())?;
    }
    for (k, (case, text)) in inst.cases.iter().zip(case_texts(schema, inst)).enumerate() {
        for line in text.lines() {
            g.say(line)?;
        }
        let json = crate::rules_game::case_json(schema, case);
        let (root, _) = w
            .start_case(&json, false)
            .map_err(|f| rules(RulesError::Explorer(Box::new(f))))?;
        let mut rng = Rng::for_case(seed, k as u64);
        if per_start {
            // The root is the choice of a start: one game from each, in their order.
            let starts = w.play(root).map_err(rules)?;
            let (mut arena, _) = arena(w, root, opts);
            for (j, s) in starts.into_iter().enumerate() {
                let from = RulesPos {
                    id: s.next,
                    parts: s.parts,
                };
                let at = super::game_label(k, inst.cases.len(), Some(j));
                one_game(g, &mut arena, from, &mut rng, &at)?;
            }
        } else {
            let (mut arena, root) = arena(w, root, opts);
            let at = super::game_label(k, inst.cases.len(), None);
            one_game(g, &mut arena, root, &mut rng, &at)?;
        }
    }
    Ok(())
}

fn rules(e: RulesError) -> Stop {
    Stop::Fault(PlayError::Rules(e.to_string()))
}

/// A rules state in play: the whole state, and its parts (valued as a sum).
#[derive(Clone, Debug)]
pub struct RulesPos {
    id: StateId,
    parts: Vec<StateId>,
}

/// The arena of one game from the start state `root`: the worker, and nothing valued
/// yet.
pub fn arena(w: &mut Worker, root: StateId, opts: ruleset::Options) -> (Rules<'_>, RulesPos) {
    (
        Rules {
            w,
            values: Values::new(opts),
        },
        RulesPos {
            id: root,
            parts: vec![root],
        },
    )
}

/// The rules' worker and what it has valued so far.
pub struct Rules<'w> {
    w: &'w mut Worker,
    values: Values,
}

impl Rules<'_> {
    /// The worker (to describe a state).
    pub fn worker(&mut self) -> &mut Worker {
        self.w
    }

    /// A new game from the test case `case` (as JSON): its start. The worker forgets
    /// every state of the game before (their numbers mean nothing any more), and so do
    /// the values; on an error too.
    pub fn restart(&mut self, case: &serde_json::Value) -> Result<RulesPos, RulesError> {
        self.values = Values::new(self.values.opts);
        let (root, _) = self
            .w
            .start_case(case, false)
            .map_err(|f| RulesError::Explorer(Box::new(f)))?;
        if self.w.begin() == crate::rules::Begin::Each {
            // One answer per start: a game played alone is played from the first start.
            let first = self.w.play(root)?.into_iter().next().ok_or_else(|| {
                RulesError::Explorer(Box::new(crate::rules::Fault {
                    kind: crate::rules::FaultKind::BadMoves,
                    message: "starts(case) lists no start to play from".into(),
                    state: Some("starts(case)".into()),
                }))
            })?;
            return Ok(RulesPos {
                id: first.next,
                parts: first.parts,
            });
        }
        Ok(RulesPos {
            id: root,
            parts: vec![root],
        })
    }
}

impl RulesPos {
    /// The whole state's number.
    pub fn id(&self) -> StateId {
        self.id
    }
}

impl Arena for Rules<'_> {
    type Pos = RulesPos;
    type Move = PlayMove;

    fn moves(&mut self, p: &RulesPos) -> Result<Vec<PlayMove>, Stop> {
        self.w.play(p.id).map_err(rules)
    }

    fn label(&self, m: &PlayMove) -> String {
        m.label.clone()
    }

    fn after(&mut self, _: &RulesPos, m: &PlayMove) -> Result<RulesPos, Stop> {
        Ok(RulesPos {
            id: m.next,
            parts: m.parts.clone(),
        })
    }

    fn known(&mut self, p: &RulesPos) -> Result<Known, Stop> {
        self.values.of_parts(self.w, &p.parts).map_err(rules)
    }
}

/// The values the jury knows: every search it ran (from the start, and from positions
/// met in play that the start's search did not reach).
pub struct Values {
    solved: Vec<Solved>,
    opts: ruleset::Options,
}

impl Values {
    /// No position valued yet; searches with `opts`.
    pub fn new(opts: ruleset::Options) -> Values {
        Values {
            solved: Vec::new(),
            opts,
        }
    }

    /// The value of a position made of these parts (each searched once, when first met).
    pub fn of_parts(&mut self, w: &mut Worker, parts: &[StateId]) -> Result<Known, RulesError> {
        for &p in parts {
            if !self
                .solved
                .iter()
                .any(|s| s.outcome_of_parts(&[p]).is_some())
            {
                let s = ruleset::solve(w, p, self.opts)?;
                self.solved.push(s);
            }
        }
        let find = |p: StateId| {
            self.solved
                .iter()
                .find(|s| s.outcome_of_parts(&[p]).is_some())
                .expect("searched above")
        };
        if parts.len() == 1 {
            let s = find(parts[0]);
            return Ok(Known {
                outcome: s.outcome_of_parts(parts).expect("searched"),
                value: s.value_of(parts[0]).map(u64::from),
                longest: u64::from(s.longest_of_parts(parts).unwrap_or(0)),
            });
        }
        // A sum of parts (normal play): the XOR of their values.
        let mut x = 0u64;
        let mut longest = 0u64;
        for &p in parts {
            let s = find(p);
            x ^= u64::from(s.value_of(p).unwrap_or(0));
            longest = longest.saturating_add(u64::from(s.longest_of_parts(&[p]).unwrap_or(0)));
        }
        Ok(Known {
            outcome: if x == 0 { Outcome::Lose } else { Outcome::Win },
            value: Some(x),
            longest,
        })
    }
}
