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
//! The states of `cut` and `hackenbush` also carry a number — pure counting: [`cut`]
//! numbers the subtrees containing the root, [`blocks`] numbers the edge sets of a sum of
//! graphs piece by piece — and when the numbers fit in the budget the values go to a
//! [`dense`] table of one byte per number instead: no hashing, no stored keys, a table
//! small enough for the processor's caches. [`hackenbush`] (one flood fill per move) is
//! the plain form of the rules, used for blocks too large for tables and checked against
//! [`blocks`] by the tests. The `cut` value for every root is one search per root, and a
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

pub(crate) mod blocks;
pub(crate) mod chip;
pub(crate) mod cut;
pub(crate) mod dense;
pub(crate) mod hackenbush;
pub(crate) mod mask;
pub(crate) mod memo;
pub(crate) mod paint;
pub mod ruleset;
pub(crate) mod search;
pub(crate) mod shape;
pub(crate) mod staircase;

pub use memo::advise_huge_pages;
pub use ruleset::Rules;
pub use search::{OracleError, Play, DEFAULT_MAX_STATES};

use grundy_games::*;
use mask::Mask;
use search::Search;

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

fn too_wide(what: &str, count: usize, max: u32) -> OracleError {
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
            Err(too_wide($what, n, 128))
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

fn cut_value<M: Mask>(
    tree: &Tree,
    play: Play,
    budget: Budget,
) -> Result<(u32, usize), OracleError> {
    let rules = cut::CutRules::<M>::new(tree).expect("size checked");
    let start = rules.start();
    with_numbered_search!(rules, play, budget, s => Ok((s.value(start)?, s.states())))
}

fn cut_answer<M: Mask>(pos: &CutPos, budget: Budget) -> Result<Report<CutAnswer>, OracleError> {
    let tree = &pos.tree;
    let rules = cut::CutRules::<M>::new(tree).expect("size checked");
    let start = rules.start();
    let (value, mut winning, mut states) = with_numbered_search!(rules, Play::Normal, budget, s => {
        let value = s.value(start)?;
        let mut winning = Vec::new();
        for (c, next) in s.rules().moves(start) {
            if s.value(next)? == 0 {
                winning.push(c);
            }
        }
        (value, winning, s.states())
    });
    winning.sort_unstable();
    let shapes = budget.shapes.then(shape::Shapes::shared);
    if let Some(shapes) = shapes {
        shapes.record(tree, Play::Normal, value);
    }
    let mut by_root = vec![u64::from(value); tree.len()];
    for r in 1..tree.len() as u32 {
        let (t, _) = tree.rerooted(r);
        let search = || cut_value::<M>(&t, Play::Normal, budget);
        let (v, st) = match shapes {
            Some(shapes) => shapes.value(&t, Play::Normal, search),
            None => search(),
        }?;
        by_root[r as usize] = u64::from(v);
        states += st;
    }
    Ok(Report {
        answer: CutAnswer {
            value: u64::from(value),
            winning,
            by_root,
        },
        states,
    })
}

fn paint_answer<M: Mask>(
    pos: &PaintPos,
    play: Play,
    budget: Budget,
) -> Result<Report<PaintAnswer>, OracleError> {
    let rules = paint::PaintRules::<M>::new(pos).expect("size checked");
    let start = paint::PaintRules::<M>::start(pos);
    let mut s = Search::new(rules, play, budget.max_states);
    let value = s.value(start)?;
    let mut winning = Vec::new();
    if play == Play::Normal {
        for u in mask::ids(start) {
            let next = s.rules().paint(start, u);
            if s.value(next)? == 0 {
                winning.push(u);
            }
        }
    }
    Ok(Report {
        answer: PaintAnswer {
            value: u64::from(value),
            winning,
        },
        states: s.states(),
    })
}

fn hackenbush_answer<M: Mask>(
    pos: &HackenbushPos,
    play: Play,
    budget: Budget,
) -> Result<Report<HackenbushAnswer>, OracleError> {
    let (value, mut moves, states) = if let Some(rules) = blocks::BlockRules::<M>::new(pos) {
        let start = rules.start();
        with_numbered_search!(rules, play, budget, s => {
            let value = s.value(start)?;
            let mut moves = Vec::new();
            if play == Play::Normal {
                for (name, next) in s.rules().moves(start) {
                    if s.value(next)? == 0 {
                        moves.push(name);
                    }
                }
            }
            (value, moves, s.states())
        })
    } else {
        // A block too large for tables: one flood fill or search per state.
        let rules = hackenbush::HackenbushRules::<M>::new(pos).expect("size checked");
        let start = rules.start();
        let mut s = Search::new(rules, play, budget.max_states);
        let value = s.value(start)?;
        let mut moves = Vec::new();
        if play == Play::Normal {
            for e in mask::ids(start) {
                let next = s.rules().cut(start, e);
                if s.value(next)? == 0 {
                    moves.push(s.rules().names[e as usize]);
                }
            }
        }
        (value, moves, s.states())
    };
    moves.sort_unstable();
    Ok(Report {
        answer: HackenbushAnswer {
            value: u64::from(value),
            moves,
        },
        states,
    })
}

fn chip_answer(
    pos: &ChipPos,
    play: Play,
    budget: Budget,
) -> Result<Report<ChipAnswer>, OracleError> {
    let rules = chip::ChipRules::new(pos)
        .ok_or_else(|| too_wide("chips on this tree", pos.chips.len(), 128))?;
    let start = rules.start(pos);
    let mut s = Search::new(rules, play, budget.max_states);
    let value = s.value(start)?;
    let mut moves = Vec::new();
    if play == Play::Normal {
        let mut from = pos.chips.clone();
        from.sort_unstable();
        from.dedup();
        for v in from {
            let children = s.rules().children(v).to_vec();
            for w in children {
                let next = s.rules().step(start, v, w);
                if s.value(next)? == 0 {
                    moves.push((v, w));
                }
            }
        }
        moves.sort_unstable();
    }
    Ok(Report {
        answer: ChipAnswer {
            value: u64::from(value),
            moves,
        },
        states: s.states(),
    })
}

fn staircase_answer(
    pos: &StaircasePos,
    play: Play,
    budget: Budget,
) -> Result<Report<StaircaseAnswer>, OracleError> {
    // 64-bit states when the layouts fit (a smaller memo, cheaper hashing), else 128.
    match staircase::StaircaseRules::<u64>::new(pos) {
        Some(rules) => staircase_search(rules, pos, play, budget),
        None => {
            let rules = staircase::StaircaseRules::<u128>::new(pos).ok_or_else(|| {
                OracleError::TooWide(
                    "too many stones or vertices to pack into 128 bits, or over a million moves per position".into(),
                )
            })?;
            staircase_search(rules, pos, play, budget)
        }
    }
}

fn staircase_search<W: staircase::Packed>(
    rules: staircase::StaircaseRules<W>,
    pos: &StaircasePos,
    play: Play,
    budget: Budget,
) -> Result<Report<StaircaseAnswer>, OracleError> {
    let mut layout = pos.stones.clone();
    layout[0] = 0;
    let mut starts = vec![rules.pack(&layout)];
    for &(a, b) in &pos.updates {
        layout[a as usize] = b;
        starts.push(rules.pack(&layout));
    }
    let mut s = Search::new(rules, play, budget.max_states);
    let values = starts
        .into_iter()
        .map(|st| s.value(st).map(u64::from))
        .collect::<Result<Vec<u64>, _>>()?;
    Ok(Report {
        answer: StaircaseAnswer { values },
        states: s.states(),
    })
}

/// Every query of `docs/SPEC.md` §1 by exhaustive search.
pub fn solve(pos: &Position, budget: Budget) -> Result<Report<Answer>, OracleError> {
    Ok(match pos {
        Position::Chip(p) => {
            let r = chip_answer(p, Play::Normal, budget)?;
            Report {
                answer: Answer::Chip(r.answer),
                states: r.states,
            }
        }
        Position::Cut(p) => {
            let r = with_mask!(p.tree.len(), "vertices", M => cut_answer::<M>(p, budget))?;
            Report {
                answer: Answer::Cut(r.answer),
                states: r.states,
            }
        }
        Position::Hackenbush(p) => {
            let edges = p.graphs.iter().map(|g| g.edges.len()).sum::<usize>();
            let r =
                with_mask!(edges, "edges", M => hackenbush_answer::<M>(p, Play::Normal, budget))?;
            Report {
                answer: Answer::Hackenbush(r.answer),
                states: r.states,
            }
        }
        Position::Paint(p) => {
            let r = with_mask!(p.tree.len(), "vertices", M => paint_answer::<M>(p, Play::Normal, budget))?;
            Report {
                answer: Answer::Paint(r.answer),
                states: r.states,
            }
        }
        Position::Staircase(p) => {
            let r = staircase_answer(p, Play::Normal, budget)?;
            Report {
                answer: Answer::Staircase(r.answer),
                states: r.states,
            }
        }
    })
}

/// The misère outcome: for each layout (one for every game but `staircase`, whose
/// initial layout comes first and then each update), whether the player to move wins
/// when the player who cannot move *wins*.
pub fn misere(pos: &Position, budget: Budget) -> Result<Vec<bool>, OracleError> {
    let win = |v: u64| v == 1;
    Ok(match pos {
        Position::Chip(p) => vec![win(chip_answer(p, Play::Misere, budget)?.answer.value)],
        Position::Cut(p) => {
            let (v, _) = with_mask!(p.tree.len(), "vertices", M => cut_value::<M>(&p.tree, Play::Misere, budget))?;
            vec![v == 1]
        }
        Position::Hackenbush(p) => {
            let edges = p.graphs.iter().map(|g| g.edges.len()).sum::<usize>();
            let r =
                with_mask!(edges, "edges", M => hackenbush_answer::<M>(p, Play::Misere, budget))?;
            vec![win(r.answer.value)]
        }
        Position::Paint(p) => {
            let r = with_mask!(p.tree.len(), "vertices", M => paint_answer::<M>(p, Play::Misere, budget))?;
            vec![win(r.answer.value)]
        }
        Position::Staircase(p) => staircase_answer(p, Play::Misere, budget)?
            .answer
            .values
            .into_iter()
            .map(win)
            .collect(),
    })
}

pub mod bench;
