//! The `[game]` of a problem package: a game given by its rules file, and every answer a
//! problem may ask, computed from the values the oracle's search finds.
//!
//! `answer` is what the program prints for each test case: `winner` (a word for the
//! player to move first winning, another for losing), `value` (the Grundy value),
//! `winning-moves` (every winning first move's label, one per line, in natural order — or
//! the `none` word), `any-winning-move` (one winning move, judged by playing it: its label
//! must be a move of the start and leave a lost position; or `none` when there is none),
//! `outcome` (three words: win, lose, draw, for loopy games) and `winning-starts` (the
//! first player chooses where the game starts among the rules' `starts(case)`: every start
//! from which the player to move wins, on one line in natural order, or `none`). `play = "misere"` and
//! `loopy = true` change the winning condition and allow repeated states.
//!
//! A test case reaches the rules as JSON built here from the schema's parse (integers by
//! name, trees and graphs with their edges, arrays by the name of their values, queries);
//! the shim adds parents, children and adjacency lists. When the rules have `components`
//! or `canonical`, every small test case is also searched without them, and a difference
//! is the package's fault, shown with the test case.

use crate::error::Error;
use crate::error::TableError;
use crate::judge::Verdict;
use crate::rules::{Begin, Pool};
use grundy_games::schema::{Elements, Instance, Item, Schema, Value};
use grundy_oracle::ruleset::{Ending, Options, Outcome, RulesError, Solved};
use serde::Deserialize;
use serde_json::{json, Map};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// `[game]` as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameToml {
    rules: Option<String>,
    answer: Option<String>,
    per: Option<String>,
    one_line: Option<bool>,
    words: Option<Vec<String>>,
    none: Option<String>,
    play: Option<String>,
    loopy: Option<bool>,
    max_states: Option<usize>,
    max_size: Option<usize>,
    small: Option<std::collections::BTreeMap<String, [i64; 2]>>,
    timeout: Option<f64>,
}

/// What a program prints for each test case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerKind {
    /// A word for a first-player win, another for a loss.
    Winner,
    /// The Grundy value.
    Value,
    /// Every winning first move, one per line, or the `none` word.
    WinningMoves,
    /// Any one winning first move, or the `none` word.
    AnyWinningMove,
    /// Three words: win, lose, draw.
    Outcome,
    /// Every start (of the rules' `starts(case)`) from which the player to move wins, on
    /// one line, or the `none` word.
    WinningStarts,
}

impl AnswerKind {
    const NAMES: [(&'static str, AnswerKind); 6] = [
        ("winner", AnswerKind::Winner),
        ("value", AnswerKind::Value),
        ("winning-moves", AnswerKind::WinningMoves),
        ("any-winning-move", AnswerKind::AnyWinningMove),
        ("outcome", AnswerKind::Outcome),
        ("winning-starts", AnswerKind::WinningStarts),
    ];
}

/// A package's game, as loaded.
#[derive(Clone, Debug)]
pub struct GameSpec {
    /// The rules file.
    pub rules: PathBuf,
    /// What is printed.
    pub answer: AnswerKind,
    /// The answer is given for every start of `starts(case)`, one line each, in their
    /// order (`per = "start"`), not once per test case.
    pub per_start: bool,
    /// With `per_start`: the answers of one test case's starts on one line, separated by
    /// spaces (`one_line = true`), not one a line.
    pub one_line: bool,
    /// The words of `winner` (2) or `outcome` (3).
    pub words: Vec<String>,
    /// The word printed when there is no winning move.
    pub none: String,
    /// Normal or misère play.
    pub ending: Ending,
    /// States may repeat.
    pub loopy: bool,
    /// The search's budget.
    pub max_states: usize,
    /// With a model solution, the rules answer inputs up to this size (and the model the
    /// rest); without one, every input.
    pub max_size: usize,
    /// With a model solution, the rules answer only inputs whose values keep these caps
    /// (limit name → range, `[game] small`); the statement's full ranges stay for
    /// validation and the model.
    pub small: std::collections::BTreeMap<String, (i64, i64)>,
    /// The time limit of one request to the rules.
    pub timeout: Duration,
}

/// Inputs up to this size are searched without `components` and `canonical` too.
pub const CROSS_CHECK_SIZE: usize = 10;

/// States a search without `components` and `canonical` may take to cross-check them (a
/// larger search is not a cross-check: it is skipped).
pub const CROSS_CHECK_STATES: usize = 20_000;

/// Why the rules could not answer a test case (their fault, a budget, `components` or
/// `canonical` disagreeing with the whole search, an answer with no word): the message
/// says which, and what to change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unanswered(pub String);

impl std::fmt::Display for Unanswered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unanswered {}

impl From<String> for Unanswered {
    fn from(m: String) -> Unanswered {
        Unanswered(m)
    }
}

/// `[game] answer`: what the program prints (`winner` by default).
fn answer_kind(name: Option<&str>) -> Result<AnswerKind, TableError> {
    let Some(a) = name else {
        return Ok(AnswerKind::Winner);
    };
    AnswerKind::NAMES
        .iter()
        .find(|(n, _)| *n == a)
        .map(|(_, k)| *k)
        .ok_or_else(|| {
            let names: Vec<&str> = AnswerKind::NAMES.iter().map(|(n, _)| *n).collect();
            format!(
                "game.answer: `{a}`{} (expected one of {})",
                grundy_games::suggest::did_you_mean(a, names.iter().copied()),
                names.join(", ")
            )
            .into()
        })
}

/// `[game] per`: one answer per test case (`case`, the default) or per start (`start`).
fn per_start(per: Option<&str>) -> Result<bool, TableError> {
    match per {
        None | Some("case") => Ok(false),
        Some("start") => Ok(true),
        Some(p) => Err(format!(
            "game.per: `{p}`{} (expected case, one answer per test case, or start, one answer per start of `starts(case)`)",
            grundy_games::suggest::did_you_mean(p, ["case", "start"].into_iter())
        )
        .into()),
    }
}

/// `[game] words`: the words of the player to move winning and losing (and of a draw,
/// for `outcome`); `First`, `Second` (and `Draw`) by default.
fn words(words: Option<&Vec<String>>, answer: AnswerKind) -> Result<Vec<String>, TableError> {
    let want = if answer == AnswerKind::Outcome { 3 } else { 2 };
    match words {
        None if want == 3 => Ok(vec!["First".into(), "Second".into(), "Draw".into()]),
        None => Ok(vec!["First".into(), "Second".into()]),
        Some(w) if w.len() == want && w.iter().all(|x| valid_word(x)) => Ok(w.clone()),
        Some(w) => Err(format!(
            "game.words: expected {want} words without spaces (the player to move wins, loses{}), found {w:?}",
            if want == 3 { ", draw" } else { "" }
        )
        .into()),
    }
}

impl GameSpec {
    /// Reads `[game]`; `dir` is the package folder.
    pub fn load(t: &GameToml, dir: &Path) -> Result<GameSpec, TableError> {
        let rules = t
            .rules
            .as_deref()
            .ok_or("[game]: expected `rules = \"rules.py\"`, the file with the rules")?;
        let path = dir.join(rules);
        if !path.is_file() {
            return Err(format!("game.rules: {} does not exist", path.display()).into());
        }
        let answer = answer_kind(t.answer.as_deref())?;
        let per_start = per_start(t.per.as_deref())?;
        if per_start && answer == AnswerKind::WinningStarts {
            return Err("game.per: `answer = \"winning-starts\"` already answers for every start at once, on one line; with `per = \"start\"` ask for the `winner`, `outcome`, `value` or winning moves of each start".into());
        }
        let one_line = t.one_line.unwrap_or(false);
        if one_line && !per_start {
            return Err("game.one_line: puts the answers of every start of a test case on one line, so it needs `per = \"start\"`".into());
        }
        if one_line
            && !matches!(
                answer,
                AnswerKind::Winner | AnswerKind::Outcome | AnswerKind::Value
            )
        {
            return Err("game.one_line: a start's answer must be one word to share a line with the others: `winner`, `outcome` or `value` (a move's label may hold spaces)".into());
        }
        let ending = match t.play.as_deref() {
            None | Some("normal") => Ending::Normal,
            Some("misere") => Ending::Misere,
            Some(p) => return Err(format!("game.play: `{p}` (expected normal or misere)").into()),
        };
        let loopy = t.loopy.unwrap_or(false);
        if answer == AnswerKind::Value && (loopy || ending == Ending::Misere) {
            return Err("game.answer: `value` (the Grundy value) is defined for normal play without repeated states only; ask for `winner`, `outcome` or the winning moves".into());
        }
        let words = words(t.words.as_ref(), answer)?;
        let none = t.none.clone().unwrap_or_else(|| "-1".into());
        // An empty word is a word: an empty line where there is no winning move.
        if !(none.is_empty() || valid_word(&none)) {
            return Err(format!(
                "game.none: expected one word, or \"\" for an empty line, found {none:?}"
            )
            .into());
        }
        let timeout = t.timeout.unwrap_or(20.0);
        if !(timeout.is_finite() && timeout > 0.0 && timeout <= 1e5) {
            return Err("game.timeout: expected seconds, more than 0".into());
        }
        let max_states = t.max_states.unwrap_or(grundy_oracle::DEFAULT_MAX_STATES);
        if !(1..=1 << 28).contains(&max_states) {
            return Err("game.max_states: expected 1 to 268435456".into());
        }
        Ok(GameSpec {
            rules: path,
            answer,
            per_start,
            one_line,
            words,
            none,
            ending,
            loopy,
            max_states,
            max_size: t.max_size.unwrap_or(usize::MAX),
            small: t
                .small
                .iter()
                .flatten()
                .map(|(k, &[lo, hi])| (k.clone(), (lo, hi)))
                .collect(),
            timeout: Duration::from_secs_f64(timeout),
        })
    }

    /// The search's options.
    pub fn options(&self) -> Options {
        Options {
            max_states: self.max_states,
            ending: self.ending,
            loopy: self.loopy,
        }
    }
}

fn valid_word(w: &str) -> bool {
    !w.is_empty() && !w.chars().any(char::is_whitespace)
}

/// A test case as the rules see it: integers by name, `tree`/`graph` (then `tree_2`, …)
/// with `n`, `edges` (1-based, in input order) and `weights`, arrays by their `name`
/// (default: the name of their values limit, or `vertices` for vertex ids, 1-based),
/// `queries` as lists of the tokens of each line (vertices 1-based).
pub fn case_json(schema: &Schema, case: &grundy_games::schema::Case) -> serde_json::Value {
    let mut map = Map::new();
    let taken = |map: &Map<String, serde_json::Value>, base: &str| {
        let mut name = base.to_string();
        let mut k = 2;
        while map.contains_key(&name) {
            name = format!("{base}_{k}");
            k += 1;
        }
        name
    };
    for (item, value) in schema.items.iter().zip(&case.values) {
        match (item, value) {
            (Item::Ints(names), Value::Ints(xs)) => {
                for (n, x) in names.iter().zip(xs) {
                    map.insert(n.clone(), json!(x));
                }
            }
            (Item::Tree { .. } | Item::Graph { .. }, Value::Edges { n, edges, weights }) => {
                let kind = if matches!(item, Item::Tree { .. }) {
                    "tree"
                } else {
                    "graph"
                };
                let name = taken(&map, kind);
                let edges: Vec<[u32; 2]> = edges.iter().map(|&(a, b)| [a + 1, b + 1]).collect();
                map.insert(
                    name,
                    json!({"kind": kind, "n": n, "edges": edges, "weights": weights}),
                );
            }
            (Item::Array { values, name, .. }, Value::Array(xs)) => {
                let name = taken(&map, name);
                match values {
                    Elements::Vertex => {
                        map.insert(name, json!(xs.iter().map(|v| v + 1).collect::<Vec<_>>()))
                    }
                    Elements::Range(_) => map.insert(name, json!(xs)),
                };
            }
            (Item::Queries { kinds, .. }, Value::Queries(qs)) => {
                let name = taken(&map, "queries");
                let lines: Vec<Vec<i64>> = qs
                    .iter()
                    .map(|(k, fields)| {
                        let kind = &kinds[*k];
                        kind.tag
                            .into_iter()
                            .chain(fields.iter().zip(&kind.fields).map(|(v, f)| match f {
                                grundy_games::schema::Field::Value(_) => *v,
                                _ => v + 1,
                            }))
                            .collect()
                    })
                    .collect();
                map.insert(name, json!(lines));
            }
            _ => {}
        }
    }
    serde_json::Value::Object(map)
}

/// What the search found for one test case (or, with `per = "start"`, for one start of
/// one): enough to print and to judge any answer.
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// Where its answer stands, for messages: `test case 2, start 3: ` (empty for the
    /// only answer of an input).
    pub at: String,
    /// The test case it answers (0-based).
    pub case: usize,
    /// The start's outcome for the player to move.
    pub outcome: Outcome,
    /// Its Grundy value (normal play, acyclic).
    pub value: Option<u32>,
    /// Every winning first move's label, in natural order.
    pub winning: Vec<String>,
    /// Every first move's label.
    pub moves: Vec<String>,
    /// The first moves after which the player to move wins, in natural order: with
    /// `starts(case)`, where the first move is the choice of a start, the winning starts.
    pub winning_starts: Vec<String>,
    /// States explored.
    pub states: usize,
}

/// A game with its rules running: answers and judges test cases.
#[derive(Debug)]
pub struct RulesGame {
    /// The configuration.
    pub spec: GameSpec,
    pool: Pool,
    cache: Mutex<HashMap<u64, Arc<Vec<CaseResult>>>>,
}

/// How many inputs' results are kept (for judging `any-winning-move` without a second
/// search).
const CACHE: usize = 256;

/// Natural order: token by token, integers by value, other tokens as text.
pub fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    let mut x = a.split_whitespace();
    let mut y = b.split_whitespace();
    loop {
        match (x.next(), y.next()) {
            (None, None) => return std::cmp::Ordering::Equal,
            (None, Some(_)) => return std::cmp::Ordering::Less,
            (Some(_), None) => return std::cmp::Ordering::Greater,
            (Some(s), Some(t)) => {
                let o = match (s.parse::<i128>(), t.parse::<i128>()) {
                    (Ok(p), Ok(q)) => p.cmp(&q),
                    _ => s.cmp(t),
                };
                if o != std::cmp::Ordering::Equal {
                    return o;
                }
            }
        }
    }
}

fn tokens(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl RulesGame {
    /// Starts (lazily) the workers of a game.
    pub fn new(spec: GameSpec) -> Result<RulesGame, Error> {
        let begin = match (spec.answer, spec.per_start) {
            (AnswerKind::WinningStarts, _) => Begin::Choose,
            (_, true) => Begin::Each,
            (_, false) => Begin::Start,
        };
        let pool = Pool::new(&spec.rules, spec.timeout, begin)
            .map_err(|e| Error::io("a temporary folder for the rules worker", e))?;
        Ok(RulesGame {
            spec,
            pool,
            cache: Mutex::new(HashMap::new()),
        })
    }

    /// Runs `f` with one of the game's workers (for playing a game: the worker keeps the
    /// states of the game in progress).
    pub fn with_worker<T>(
        &self,
        f: impl FnOnce(&mut crate::rules::Worker) -> Result<T, RulesError>,
    ) -> Result<T, RulesError> {
        self.pool.with(f)
    }

    /// Searches one test case of `size` with `search` (given whether to search without
    /// `components` and `canonical`); with them, a small one is searched whole too and
    /// must agree (`differ` says how two results differ, if they do). Errors are the
    /// package's (the message says why).
    fn cross_checked<T>(
        &self,
        size: usize,
        search: impl Fn(bool, Options) -> Result<(T, bool), RulesError>,
        differ: impl Fn(&T, &T) -> Option<String>,
    ) -> Result<T, Unanswered> {
        let (result, shortcuts) =
            search(false, self.spec.options()).map_err(|e| rules_error(&e))?;
        if shortcuts && size <= CROSS_CHECK_SIZE {
            let plain = Options {
                max_states: CROSS_CHECK_STATES,
                ..self.spec.options()
            };
            match search(true, plain) {
                Ok((whole, _)) => {
                    if let Some(d) = differ(&result, &whole) {
                        return Err(format!(
                            "`components` or `canonical` disagree with the search of the whole state (a wrong decomposition or symmetry): {d}"
                        ).into());
                    }
                }
                Err(RulesError::TooManyStates { .. } | RulesError::TooManyMoves { .. }) => {}
                Err(e) => return Err(rules_error(&e)),
            }
        }
        Ok(result)
    }

    /// Searches one test case of `size` (its start: `start(case)`, or with
    /// `answer = "winning-starts"` the choice among `starts(case)`).
    pub fn solve_case(
        &self,
        case: &serde_json::Value,
        size: usize,
    ) -> Result<CaseResult, Unanswered> {
        self.cross_checked(
            size,
            |plain, opts| {
                let (solved, shortcuts) = self.pool.solve(case, plain, opts)?;
                Ok((summary(&solved), shortcuts))
            },
            differ,
        )
    }

    /// Searches one test case of `size` for every answer it holds: one (its start), or
    /// with `per = "start"` one per start of `starts(case)`, in their order.
    pub fn solve_answers(
        &self,
        case: &serde_json::Value,
        size: usize,
    ) -> Result<Vec<CaseResult>, Unanswered> {
        if !self.spec.per_start {
            return Ok(vec![self.solve_case(case, size)?]);
        }
        self.cross_checked(
            size,
            |plain, opts| self.search_starts(case, plain, opts),
            |a: &Vec<CaseResult>, b: &Vec<CaseResult>| {
                a.iter()
                    .zip(b)
                    .enumerate()
                    .find_map(|(k, (x, y))| differ(x, y).map(|d| format!("start {}: {d}", k + 1)))
            },
        )
    }

    /// Every start of `starts(case)` searched: when only the starts' outcomes or values
    /// are printed, as the moves of one choice node (one search, every state shared);
    /// when their winning moves are, each start alone (its moves are labelled as the
    /// rules label them).
    fn search_starts(
        &self,
        case: &serde_json::Value,
        plain: bool,
        opts: Options,
    ) -> Result<(Vec<CaseResult>, bool), RulesError> {
        if matches!(
            self.spec.answer,
            AnswerKind::WinningMoves | AnswerKind::AnyWinningMove
        ) {
            let mut out = Vec::new();
            loop {
                let (solved, shortcuts, count) =
                    self.pool.solve_one(case, plain, out.len(), opts)?;
                if let Some(s) = solved {
                    out.push(summary(&s));
                }
                if out.len() >= count {
                    return Ok((out, shortcuts));
                }
            }
        }
        let (solved, shortcuts) = self.pool.solve(case, plain, opts)?;
        let states = solved.states();
        let out = solved
            .moves()
            .into_iter()
            .map(|(_, value, outcome)| CaseResult {
                at: String::new(),
                case: 0,
                outcome,
                value,
                winning: Vec::new(),
                moves: Vec::new(),
                winning_starts: Vec::new(),
                states,
            })
            .collect();
        Ok((out, shortcuts))
    }

    /// Every answer of an input, searched (cached by the input's text): one per test case,
    /// or with `per = "start"` one per start of each test case, each knowing where it
    /// stands.
    pub fn solve_input(
        &self,
        schema: &Schema,
        inst: &Instance,
        text: &str,
    ) -> Result<Arc<Vec<CaseResult>>, Unanswered> {
        let key = grundy_sandbox::program::content_hash(text.as_bytes());
        if let Some(r) = self
            .cache
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
        {
            return Ok(r.clone());
        }
        let many = inst.cases.len() > 1;
        let mut results = Vec::new();
        for (k, c) in inst.cases.iter().enumerate() {
            let one = Instance {
                cases: vec![c.clone()],
            };
            let answers = self
                .solve_answers(&case_json(schema, c), schema.size(&one))
                .map_err(|e| {
                    if many {
                        Unanswered(format!("test case {}: {e}", k + 1))
                    } else {
                        e
                    }
                })?;
            for (j, mut r) in answers.into_iter().enumerate() {
                r.at = match (many, self.spec.per_start) {
                    (true, true) => format!("test case {}, start {}: ", k + 1, j + 1),
                    (true, false) => format!("test case {}: ", k + 1),
                    (false, true) => format!("start {}: ", j + 1),
                    (false, false) => String::new(),
                };
                r.case = k;
                results.push(r);
            }
        }
        let results = Arc::new(results);
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() >= CACHE {
            cache.clear();
        }
        cache.insert(key, results.clone());
        Ok(results)
    }

    /// The expected output of these results (for `any-winning-move`, the first winning
    /// move: one right answer of several).
    pub fn render(&self, results: &[CaseResult]) -> Result<Vec<u8>, Unanswered> {
        let s = &self.spec;
        let mut out = String::new();
        for (i, r) in results.iter().enumerate() {
            let line = match s.answer {
                AnswerKind::Winner => match r.outcome {
                    Outcome::Win => s.words[0].clone(),
                    Outcome::Lose => s.words[1].clone(),
                    Outcome::Draw => {
                        return Err(format!(
                            "{}the start is a draw, which `answer = \"winner\"` has no word for (use `answer = \"outcome\"` and three `words`)",
                            r.at
                        ).into())
                    }
                },
                AnswerKind::Outcome => match r.outcome {
                    Outcome::Win => s.words[0].clone(),
                    Outcome::Lose => s.words[1].clone(),
                    Outcome::Draw => s.words[2].clone(),
                },
                AnswerKind::Value => r.value.map_or_else(String::new, |v| v.to_string()),
                AnswerKind::WinningMoves if r.winning.is_empty() => s.none.clone(),
                // Per start, a start's moves share its one line.
                AnswerKind::WinningMoves if s.per_start => r.winning.join(" "),
                AnswerKind::WinningMoves => r.winning.join("\n"),
                AnswerKind::AnyWinningMove => {
                    r.winning.first().cloned().unwrap_or_else(|| s.none.clone())
                }
                AnswerKind::WinningStarts if r.winning_starts.is_empty() => s.none.clone(),
                AnswerKind::WinningStarts => r.winning_starts.join(" "),
            };
            out.push_str(&line);
            // One line a test case (`one_line`): its starts' answers separated by spaces.
            let last_of_case = results.get(i + 1).is_none_or(|next| next.case != r.case);
            out.push(if s.one_line && !last_of_case {
                ' '
            } else {
                '\n'
            });
        }
        Ok(out.into_bytes())
    }

    /// Judges an `any-winning-move` output: one line per test case, each a label of a
    /// winning first move (played: it must exist and leave a lost position), or the `none`
    /// word exactly when there is no winning move.
    pub fn judge_any_move(&self, results: &[CaseResult], output: &[u8]) -> Verdict {
        let text = String::from_utf8_lossy(output);
        let mut lines: Vec<&str> = if self.spec.none.is_empty() {
            // Empty lines are answers: each stands where there is no winning move (and
            // missing last lines count as empty ones).
            let mut all: Vec<&str> = text.lines().collect();
            while all.len() > results.len() && all.last().is_some_and(|l| l.trim().is_empty()) {
                all.pop();
            }
            all
        } else {
            text.lines().filter(|l| !l.trim().is_empty()).collect()
        };
        if self.spec.none.is_empty() && lines.len() < results.len() {
            lines.resize(results.len(), "");
        }
        if lines.len() != results.len() {
            return Verdict::Presentation(format!(
                "expected {} line(s), one move per {}, found {}",
                results.len(),
                if self.spec.per_start {
                    "start"
                } else {
                    "test case"
                },
                lines.len()
            ));
        }
        for (line, r) in lines.iter().zip(results) {
            let at = &r.at;
            let said = tokens(line);
            if said == self.spec.none {
                if let Some(w) = r.winning.first() {
                    return Verdict::WrongAnswer(format!(
                        "{at}printed `{said}` (no winning move), but `{w}` wins"
                    ));
                }
                continue;
            }
            if !r.moves.iter().any(|m| tokens(m) == said) {
                return Verdict::WrongAnswer(format!(
                    "{at}`{said}` is not a move of the start position"
                ));
            }
            if !r.winning.iter().any(|m| tokens(m) == said) {
                return Verdict::WrongAnswer(if r.winning.is_empty() {
                    format!(
                        "{at}`{said}` does not win: the start is lost, `{}` was expected",
                        self.spec.none
                    )
                } else {
                    format!(
                        "{at}`{said}` does not win (it leaves the opponent a winning position); winning moves: {}",
                        shown_moves(&r.winning)
                    )
                });
            }
        }
        Verdict::Ok
    }
}

fn shown_moves(m: &[String]) -> String {
    let shown: Vec<String> = m.iter().take(6).map(|x| format!("`{x}`")).collect();
    if m.len() > 6 {
        format!("{}, … ({} in all)", shown.join(", "), m.len())
    } else {
        shown.join(", ")
    }
}

/// How two searches of one start differ (with the shortcuts, then without), if they do.
fn differ(with: &CaseResult, without: &CaseResult) -> Option<String> {
    let same = with.value == without.value
        && with.outcome == without.outcome
        && with.winning == without.winning
        && with.winning_starts == without.winning_starts;
    (!same).then(|| {
        format!(
            "with them the start is {}, without them {}",
            describe_result(with),
            describe_result(without)
        )
    })
}

fn describe_result(r: &CaseResult) -> String {
    let head = match (r.value, r.outcome) {
        (Some(v), _) => format!("of value {v}"),
        (None, Outcome::Win) => "won".into(),
        (None, Outcome::Lose) => "lost".into(),
        (None, Outcome::Draw) => "a draw".into(),
    };
    format!("{head} with winning moves [{}]", r.winning.join(", "))
}

fn summary(s: &Solved) -> CaseResult {
    let mut winning: Vec<String> = s.winning_moves().into_iter().map(String::from).collect();
    winning.sort_by(|a, b| natural_cmp(a, b));
    let mut winning_starts: Vec<String> = s
        .moves()
        .into_iter()
        .filter(|m| m.2 == Outcome::Win)
        .map(|m| m.0.to_string())
        .collect();
    winning_starts.sort_by(|a, b| natural_cmp(a, b));
    CaseResult {
        at: String::new(),
        case: 0,
        winning_starts,
        outcome: s.outcome(),
        value: s.value(),
        winning,
        moves: s.moves().into_iter().map(|m| m.0.to_string()).collect(),
        states: s.states(),
    }
}

/// A search's error in the words of a package's fault.
fn rules_error(e: &RulesError) -> Unanswered {
    Unanswered(match e {
        RulesError::TooManyStates { .. } | RulesError::TooManyMoves { .. } => format!(
            "the rules cannot answer this input: {e} (`[game] max_states` raises the budget; a `model` solution can answer inputs above `[game] max_size`)"
        ),
        _ => e.to_string(),
    })
}
