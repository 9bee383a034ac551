//! Games given by their rules alone: the oracle for a game grundy has never seen.
//!
//! A setter describes a game by its moves — a state, every move from it as a printed label
//! and the state it leads to, optionally how a state splits into independent parts (a sum)
//! and a canonical form (a symmetry) — and this module does all of the game theory: it
//! explores the state graph breadth-first (in batches, so that rules living in another
//! process cost one round trip per batch, not per state), then values every state from
//! the definitions alone:
//!
//! - **normal play**, acyclic: the Grundy value is the mex of the values of the moves, and
//!   a move into a sum of parts is worth the XOR of the parts' values (the
//!   Sprague–Grundy theorem: that is what splitting into parts means; whether the rules
//!   split correctly is checked by the caller, which searches small states whole);
//! - **misère play**, acyclic: the player to move wins exactly when there is no move or
//!   some move reaches a lost state (parts are not used: misère sums do not decompose);
//! - **loopy games** (states may repeat): retrograde analysis over the explored graph —
//!   a state without moves is lost (won under misère), a state with a move to a lost state
//!   is won, a state whose every move reaches a won state is lost, and every state left
//!   over is a draw.
//!
//! No recursion: exploration is a queue, the acyclic valuation an explicit-stack
//! post-order (which also finds a cycle the rules did not declare), the retrograde
//! analysis a queue over reverse edges. The budget is the number of distinct states, with
//! a clear refusal past it.
//!
//! Two ways in: [`Rules`], a trait for a game written in Rust (states are interned by
//! [`RulesExplorer`]), and [`Explorer`], the batched interface that [`solve`] drives and
//! that rules in another language implement (the judging layer runs Python rules this
//! way). States are numbered by the explorer ([`StateId`]); the search never sees one.

use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;

/// A state as numbered by its explorer (any numbering; one number per distinct state).
pub type StateId = u32;

/// The moves of a batch of expanded states, flat (no allocation per move): for each state
/// its moves in order, for each move the parts of the position it leads to (one part for
/// a whole state; none for the empty position; several when the rules split it into a
/// sum). An explorer fills it with [`part`](Expansion::part),
/// [`end_move`](Expansion::end_move) and [`end_state`](Expansion::end_state).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expansion {
    /// State → the end of its moves in `move_ends`.
    state_ends: Vec<u32>,
    /// Move → the end of its parts in `parts`.
    move_ends: Vec<u32>,
    parts: Vec<StateId>,
}

impl Expansion {
    /// Adds a part to the move being written.
    pub fn part(&mut self, id: StateId) {
        self.parts.push(id);
    }

    /// Ends the move being written (with the parts added since the last move).
    pub fn end_move(&mut self) {
        self.move_ends.push(self.parts.len() as u32);
    }

    /// Ends the state being written (with the moves ended since the last state).
    pub fn end_state(&mut self) {
        self.state_ends.push(self.move_ends.len() as u32);
    }

    /// Empties it for the next batch (keeping its memory).
    pub fn clear(&mut self) {
        self.state_ends.clear();
        self.move_ends.clear();
        self.parts.clear();
    }

    /// The states written.
    pub fn states(&self) -> usize {
        self.state_ends.len()
    }

    /// The moves of state `k` of the batch, each as its parts.
    pub fn moves(&self, k: usize) -> impl Iterator<Item = &[StateId]> + '_ {
        let from = if k == 0 {
            0
        } else {
            self.state_ends[k - 1] as usize
        };
        (from..self.state_ends[k] as usize).map(move |m| {
            let a = if m == 0 {
                0
            } else {
                self.move_ends[m - 1] as usize
            };
            &self.parts[a..self.move_ends[m] as usize]
        })
    }
}

/// Why the rules could not be searched: each is the rules' (or the budget's) fault, said
/// in words by `Display`.
#[derive(Debug)]
pub enum RulesError {
    /// More distinct states than the budget.
    TooManyStates {
        /// States explored when the search stopped.
        explored: usize,
        /// The budget.
        limit: usize,
    },
    /// More moves than the budget allows ([`MOVES_PER_STATE`] per state of the budget).
    TooManyMoves {
        /// Moves seen when the search stopped.
        seen: usize,
        /// The limit.
        limit: usize,
    },
    /// A state can be reached from itself, but the game was not declared loopy.
    Cycle {
        /// The states of the cycle, described by the explorer (at most a few).
        states: Vec<String>,
    },
    /// Two moves of one state have the same label.
    DuplicateLabel {
        /// The state, described.
        state: String,
        /// The label.
        label: String,
    },
    /// A move splits into several parts where parts cannot be used (misère or loopy play).
    PartsNotAllowed {
        /// The state, described.
        state: String,
    },
    /// The explorer failed: the rules raised an error, timed out, or returned something
    /// that is not a list of moves.
    Explorer(Box<dyn std::error::Error + Send + Sync>),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::TooManyStates { explored, limit } => write!(
                f,
                "position too large for exhaustive search: {explored} states explored, limit {limit} (raise --max-states, or give the rules `components`/`canonical`)"
            ),
            RulesError::TooManyMoves { seen, limit } => write!(
                f,
                "position too large for exhaustive search: {seen} moves seen, limit {limit}"
            ),
            RulesError::Cycle { states } => write!(
                f,
                "the rules reach a state again from itself (a cycle of {}{}: {}), but the game is not declared loopy (`loopy = true` for a game whose states may repeat)",
                states.len(),
                if states.len() >= CYCLE_SHOWN { " or more states" } else { " states" },
                states.join(" → ")
            ),
            RulesError::DuplicateLabel { state, label } => write!(
                f,
                "two moves of one state have the same label `{label}` (every move's label must be unique, since it is what a player prints): state {state}"
            ),
            RulesError::PartsNotAllowed { state } => write!(
                f,
                "a move splits into several parts under misère or loopy play, where sums do not decompose: state {state}"
            ),
            RulesError::Explorer(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for RulesError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RulesError::Explorer(e) => Some(e.as_ref()),
            _ => None,
        }
    }
}

/// Moves the search accepts per state of its budget (so that the time stays bounded too).
pub const MOVES_PER_STATE: usize = 64;

/// How many states of a cycle an error shows.
const CYCLE_SHOWN: usize = 6;

/// The states of a batch: at most this many are sent to the explorer at once.
pub const BATCH: usize = 2048;

/// Where the states come from. [`solve`] calls `expand` on batches of states, each a
/// number the explorer gave out (the start, or a part of a move). Numbers are dense: an
/// explorer numbers states 0, 1, 2, … in the order it meets them.
pub trait Explorer {
    /// Every move of every state of `batch`, in order, written into `out` (emptied
    /// first). Two moves of one state with the same label are the explorer's to refuse
    /// ([`RulesError::DuplicateLabel`]): labels cross the boundary only for the start.
    fn expand(&mut self, batch: &[StateId], out: &mut Expansion) -> Result<(), RulesError>;
    /// The labels of the moves of state `id`, in the order `expand` gives its moves.
    fn labels(&mut self, id: StateId) -> Result<Vec<String>, RulesError>;
    /// The state in words, for error messages (a short form of it).
    fn describe(&mut self, id: StateId) -> String;
}

/// The winning condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Ending {
    /// The player who cannot move loses.
    #[default]
    Normal,
    /// The player who cannot move wins.
    Misere,
}

/// What a search may do.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Most distinct states explored.
    pub max_states: usize,
    /// Normal or misère play.
    pub ending: Ending,
    /// States may repeat (a draw is possible); valued by retrograde analysis.
    pub loopy: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            max_states: crate::DEFAULT_MAX_STATES,
            ending: Ending::Normal,
            loopy: false,
        }
    }
}

/// The result of a position for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins with best play.
    Win,
    /// The player to move loses against best play.
    Lose,
    /// Neither side can force a win (loopy games only).
    Draw,
}

/// The value of a node: a Grundy value (normal play, acyclic) or an outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Val {
    Grundy(u32),
    Outcome(Outcome),
}

const NONE: u32 = u32::MAX;

/// The explored state graph with every state's value: what a search returns. Node 0 is the
/// start; a node is one distinct state.
#[derive(Debug)]
pub struct Solved {
    /// Node → its explorer's id.
    ids: Vec<StateId>,
    /// Explorer id → node ([`NONE`] for an id not reached).
    node_of: Vec<u32>,
    /// Node → its first move (`nodes + 1` entries).
    first_move: Vec<u32>,
    /// Move → its first part (`moves + 1` entries).
    first_part: Vec<u32>,
    /// The parts of every move, as nodes.
    parts: Vec<u32>,
    /// The labels of the start's moves.
    root_labels: Vec<String>,
    /// Node → value.
    vals: Vec<Val>,
    /// Node → the most moves a play from it can last (acyclic games; empty for loopy).
    heights: Vec<u32>,
    ending: Ending,
    loopy: bool,
}

impl Solved {
    /// Distinct states explored.
    pub fn states(&self) -> usize {
        self.ids.len()
    }

    /// The Grundy value of the start (normal play, acyclic games only).
    pub fn value(&self) -> Option<u32> {
        self.node_value(0)
    }

    /// The Grundy value of the state numbered `id` by the explorer, if it was explored
    /// (normal play, acyclic games only).
    pub fn value_of(&self, id: StateId) -> Option<u32> {
        self.node(id).and_then(|n| self.node_value(n))
    }

    fn node_value(&self, n: u32) -> Option<u32> {
        match self.vals[n as usize] {
            Val::Grundy(g) => Some(g),
            Val::Outcome(_) => None,
        }
    }

    /// The outcome of the start for the player to move.
    pub fn outcome(&self) -> Outcome {
        self.node_outcome(0)
    }

    fn node_outcome(&self, n: u32) -> Outcome {
        match self.vals[n as usize] {
            Val::Grundy(0) => Outcome::Lose,
            Val::Grundy(_) => Outcome::Win,
            Val::Outcome(o) => o,
        }
    }

    /// The outcome, for the player to move then, of a position made of these parts (as
    /// numbered by the explorer); `None` if a part was never explored.
    pub fn outcome_of_parts(&self, parts: &[StateId]) -> Option<Outcome> {
        let nodes: Option<Vec<u32>> = parts.iter().map(|&p| self.node(p)).collect();
        Some(self.parts_outcome(&nodes?))
    }

    fn parts_outcome(&self, nodes: &[u32]) -> Outcome {
        match (self.ending, self.loopy, nodes) {
            (Ending::Normal, false, _) => {
                if self.parts_value(nodes) == 0 {
                    Outcome::Lose
                } else {
                    Outcome::Win
                }
            }
            // Misère or loopy moves have exactly one part (checked by the search).
            (_, _, [n]) => self.node_outcome(*n),
            _ => Outcome::Win,
        }
    }

    /// The most moves a play can last from a position made of these parts (acyclic games;
    /// `None` for a loopy game or a part never explored).
    pub fn longest_of_parts(&self, parts: &[StateId]) -> Option<u32> {
        if self.heights.is_empty() {
            return None;
        }
        parts.iter().try_fold(0u32, |h, &p| {
            self.node(p)
                .map(|n| h.saturating_add(self.heights[n as usize]))
        })
    }

    fn parts_value(&self, nodes: &[u32]) -> u32 {
        nodes
            .iter()
            .fold(0, |x, &n| x ^ self.node_value(n).unwrap_or(0))
    }

    /// The start's moves: each label with the Grundy value of the position it leaves
    /// (`None` under misère or loopy play) and that position's outcome for the opponent.
    pub fn moves(&self) -> Vec<(&str, Option<u32>, Outcome)> {
        let (a, b) = (self.first_move[0] as usize, self.first_move[1] as usize);
        (a..b)
            .map(|m| {
                let p = &self.parts[self.first_part[m] as usize..self.first_part[m + 1] as usize];
                let value = match (self.ending, self.loopy) {
                    (Ending::Normal, false) => Some(self.parts_value(p)),
                    _ => None,
                };
                (
                    self.root_labels[m - a].as_str(),
                    value,
                    self.parts_outcome(p),
                )
            })
            .collect()
    }

    /// The labels of the start's winning moves (those that leave the opponent a lost
    /// position), sorted.
    pub fn winning_moves(&self) -> Vec<&str> {
        let mut w: Vec<&str> = self
            .moves()
            .into_iter()
            .filter(|m| m.2 == Outcome::Lose)
            .map(|m| m.0)
            .collect();
        w.sort_unstable();
        w
    }
}

/// Explores the state graph from `start` and values every state. `start` is the
/// explorer's number of the start state.
pub fn solve(
    explorer: &mut dyn Explorer,
    start: StateId,
    opts: Options,
) -> Result<Solved, RulesError> {
    let mut g = Solved {
        ids: vec![start],
        node_of: Vec::new(),
        first_move: vec![0],
        first_part: vec![0],
        parts: Vec::new(),
        root_labels: Vec::new(),
        vals: Vec::new(),
        heights: Vec::new(),
        ending: opts.ending,
        loopy: opts.loopy,
    };
    set_node(&mut g.node_of, start, 0);
    let whole_only = opts.loopy || opts.ending == Ending::Misere;
    let move_limit = opts.max_states.saturating_mul(MOVES_PER_STATE);
    let mut expanded = Expansion::default();
    let mut next = 0usize;
    while next < g.ids.len() {
        let end = (next + BATCH).min(g.ids.len());
        let batch: Vec<StateId> = g.ids[next..end].to_vec();
        expanded.clear();
        explorer.expand(&batch, &mut expanded)?;
        if expanded.states() != batch.len() {
            return Err(RulesError::Explorer(
                format!(
                    "the explorer answered {} states of a batch of {}",
                    expanded.states(),
                    batch.len()
                )
                .into(),
            ));
        }
        for k in 0..batch.len() {
            for parts in expanded.moves(k) {
                if whole_only && parts.len() != 1 {
                    return Err(RulesError::PartsNotAllowed {
                        state: explorer.describe(batch[k]),
                    });
                }
                g.add_move(parts, opts.max_states)?;
                g.first_part.push(g.parts.len() as u32);
            }
            if g.first_part.len() > move_limit {
                return Err(RulesError::TooManyMoves {
                    seen: g.first_part.len() - 1,
                    limit: move_limit,
                });
            }
            g.first_move.push((g.first_part.len() - 1) as u32);
        }
        next = end;
    }
    g.root_labels = root_labels(explorer, start, &g)?;
    if opts.loopy {
        g.vals = retrograde(&g);
    } else {
        (g.vals, g.heights) = acyclic(&g, explorer)?;
    }
    Ok(g)
}

/// The start's move labels from the explorer: one per move, no two alike.
fn root_labels(
    explorer: &mut dyn Explorer,
    start: StateId,
    g: &Solved,
) -> Result<Vec<String>, RulesError> {
    let labels = explorer.labels(start)?;
    if labels.len() != (g.first_move[1] - g.first_move[0]) as usize {
        return Err(RulesError::Explorer(
            format!(
                "the explorer gave {} labels for the start's {} moves",
                labels.len(),
                g.first_move[1] - g.first_move[0]
            )
            .into(),
        ));
    }
    if let Some(label) = duplicate_label(&labels) {
        return Err(RulesError::DuplicateLabel {
            state: explorer.describe(start),
            label,
        });
    }
    Ok(labels)
}

impl Solved {
    /// Records a move's parts, numbering the states not seen before (at most
    /// `max_states` in all).
    fn add_move(&mut self, parts: &[StateId], max_states: usize) -> Result<(), RulesError> {
        for &p in parts {
            let n = match self.node_of.get(p as usize) {
                Some(&n) if n != NONE => n,
                _ => {
                    if self.ids.len() >= max_states {
                        return Err(RulesError::TooManyStates {
                            explored: self.ids.len(),
                            limit: max_states,
                        });
                    }
                    let fresh = self.ids.len() as u32;
                    set_node(&mut self.node_of, p, fresh);
                    self.ids.push(p);
                    fresh
                }
            };
            self.parts.push(n);
        }
        Ok(())
    }
}

/// Records that explorer id `id` is node `node` (the map grows with the ids).
fn set_node(node_of: &mut Vec<u32>, id: StateId, node: u32) {
    let i = id as usize;
    if i >= node_of.len() {
        node_of.resize(i + 1, NONE);
    }
    node_of[i] = node;
}

/// A label that two of the moves share, if any.
pub fn duplicate_label<S: AsRef<str>>(labels: &[S]) -> Option<String> {
    if labels.len() < 2 {
        return None;
    }
    let mut labels: Vec<&str> = labels.iter().map(|l| l.as_ref()).collect();
    labels.sort_unstable();
    labels
        .windows(2)
        .find(|w| w[0] == w[1])
        .map(|w| w[0].to_string())
}

impl Solved {
    fn node(&self, id: StateId) -> Option<u32> {
        self.node_of
            .get(id as usize)
            .copied()
            .filter(|&n| n != NONE)
    }

    fn move_range(&self, n: usize) -> std::ops::Range<usize> {
        self.first_move[n] as usize..self.first_move[n + 1] as usize
    }

    fn part_range(&self, m: usize) -> std::ops::Range<usize> {
        self.first_part[m] as usize..self.first_part[m + 1] as usize
    }
}

/// Values an acyclic graph in post-order (explicit stack); a cycle is an error.
fn acyclic(g: &Solved, explorer: &mut dyn Explorer) -> Result<(Vec<Val>, Vec<u32>), RulesError> {
    let n = g.ids.len();
    // 0 unvisited, 1 on the stack, 2 valued.
    let mut mark = vec![0u8; n];
    let mut vals = vec![Val::Grundy(NONE); n];
    let mut heights = vec![0u32; n];
    // (node, the next part to look at among all of its moves' parts)
    let mut stack: Vec<(u32, usize)> = vec![(0, g.first_part[g.first_move[0] as usize] as usize)];
    mark[0] = 1;
    let mut seen: Vec<bool> = Vec::new();
    while let Some(top) = stack.last_mut() {
        let v = top.0 as usize;
        let parts_end = g.first_part[g.first_move[v + 1] as usize] as usize;
        if top.1 < parts_end {
            let c = g.parts[top.1] as usize;
            top.1 += 1;
            match mark[c] {
                0 => {
                    mark[c] = 1;
                    let start = g.first_part[g.first_move[c] as usize] as usize;
                    stack.push((c as u32, start));
                }
                1 => {
                    let from = stack
                        .iter()
                        .position(|&(s, _)| s as usize == c)
                        .unwrap_or(0);
                    let states = stack[from..]
                        .iter()
                        .take(CYCLE_SHOWN)
                        .map(|&(s, _)| explorer.describe(g.ids[s as usize]))
                        .collect();
                    return Err(RulesError::Cycle { states });
                }
                _ => {}
            }
            continue;
        }
        stack.pop();
        mark[v] = 2;
        let moves = g.move_range(v);
        // The longest play: one move, then the longest plays of its parts one after
        // another.
        heights[v] = moves
            .clone()
            .map(|m| {
                g.parts[g.part_range(m)]
                    .iter()
                    .fold(1u32, |h, &p| h.saturating_add(heights[p as usize]))
            })
            .max()
            .unwrap_or(0);
        vals[v] = value_of(g, v, &vals, &mut seen);
    }
    Ok((vals, heights))
}

/// The value of node `v` from its moves' parts' values `vals` (all known): the mex of
/// the moves' XORs in normal play, the outcome in misère play (`seen`: scratch space).
fn value_of(g: &Solved, v: usize, vals: &[Val], seen: &mut Vec<bool>) -> Val {
    let moves = g.move_range(v);
    match g.ending {
        Ending::Normal => {
            seen.clear();
            seen.resize(moves.len() + 1, false);
            for m in moves {
                let x = g.parts[g.part_range(m)].iter().fold(0u32, |x, &p| {
                    x ^ match vals[p as usize] {
                        Val::Grundy(v) => v,
                        Val::Outcome(_) => 0,
                    }
                });
                if (x as usize) < seen.len() {
                    seen[x as usize] = true;
                }
            }
            Val::Grundy(seen.iter().position(|s| !s).unwrap_or(seen.len()) as u32)
        }
        Ending::Misere => {
            let win = moves.is_empty()
                || moves.into_iter().any(|m| {
                    let p = g.parts[g.first_part[m] as usize] as usize;
                    vals[p] == Val::Outcome(Outcome::Lose)
                });
            Val::Outcome(if win { Outcome::Win } else { Outcome::Lose })
        }
    }
}

/// Retrograde analysis: terminal states first, then every state whose outcome follows
/// from its successors'; the rest are draws.
fn retrograde(g: &Solved) -> Vec<Val> {
    let n = g.ids.len();
    // Reverse edges in CSR form: for each node, the nodes with a move into it.
    let mut first_pred = vec![0u32; n + 1];
    for &p in &g.parts {
        first_pred[p as usize + 1] += 1;
    }
    for i in 0..n {
        first_pred[i + 1] += first_pred[i];
    }
    let mut fill = first_pred.clone();
    let mut preds = vec![0u32; g.parts.len()];
    for v in 0..n {
        for m in g.move_range(v) {
            for &p in &g.parts[g.part_range(m)] {
                preds[fill[p as usize] as usize] = v as u32;
                fill[p as usize] += 1;
            }
        }
    }
    let mut left: Vec<u32> = (0..n).map(|v| g.move_range(v).len() as u32).collect();
    let mut out: Vec<Option<Outcome>> = vec![None; n];
    let mut queue: Vec<u32> = Vec::new();
    let terminal = match g.ending {
        Ending::Normal => Outcome::Lose,
        Ending::Misere => Outcome::Win,
    };
    for v in 0..n {
        if left[v] == 0 {
            out[v] = Some(terminal);
            queue.push(v as u32);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head] as usize;
        head += 1;
        let lost = out[v] == Some(Outcome::Lose);
        for &p in &preds[first_pred[v] as usize..first_pred[v + 1] as usize] {
            let p = p as usize;
            if out[p].is_some() {
                continue;
            }
            if lost {
                out[p] = Some(Outcome::Win);
                queue.push(p as u32);
            } else {
                left[p] -= 1;
                if left[p] == 0 {
                    out[p] = Some(Outcome::Lose);
                    queue.push(p as u32);
                }
            }
        }
    }
    out.into_iter()
        .map(|o| Val::Outcome(o.unwrap_or(Outcome::Draw)))
        .collect()
}

/// A game written in Rust: a state and its labelled moves, optionally its parts and a
/// canonical form. [`solve_rules`] searches it.
///
/// (The unit test `the_doc_example_runs` runs this example.)
///
/// ```
/// use grundy_oracle::ruleset::{solve_rules, Options, Rules};
/// /// Subtraction game: take 1 or 2 from a heap.
/// struct Take12;
/// impl Rules for Take12 {
///     type State = u32;
///     fn moves(&self, &h: &u32) -> Vec<(String, u32)> {
///         (1..=2.min(h)).map(|k| (k.to_string(), h - k)).collect()
///     }
/// }
/// let solved = solve_rules(&Take12, 7, Options::default()).unwrap();
/// assert_eq!(solved.value(), Some(7 % 3));
/// assert_eq!(solved.winning_moves(), vec!["1"]);
/// ```
pub trait Rules {
    /// A position (hashable; equal states are the same position).
    type State: Clone + Eq + Hash + fmt::Debug;
    /// Every move from `state`: its label (how a player prints it) and the next state.
    fn moves(&self, state: &Self::State) -> Vec<(String, Self::State)>;
    /// The independent parts of `state`, whose sum it is (`None`: it does not split).
    /// Used under normal play only.
    fn components(&self, state: &Self::State) -> Option<Vec<Self::State>> {
        let _ = state;
        None
    }
    /// A canonical form of `state` (a symmetry: an equivalent state that many states share).
    fn canonical(&self, state: Self::State) -> Self::State {
        state
    }
}

/// An [`Explorer`] over [`Rules`] written in Rust: states are interned (numbered in the
/// order they are met); every state after a move is split into its parts (when asked to
/// and the rules split it) and put in canonical form.
pub struct RulesExplorer<'r, R: Rules> {
    rules: &'r R,
    ids: HashMap<R::State, StateId>,
    states: Vec<R::State>,
    split: bool,
}

impl<'r, R: Rules> RulesExplorer<'r, R> {
    /// An explorer of `rules`; `split` uses the rules' `components`.
    pub fn new(rules: &'r R, split: bool) -> RulesExplorer<'r, R> {
        RulesExplorer {
            rules,
            ids: HashMap::new(),
            states: Vec::new(),
            split,
        }
    }

    /// The number of a state (interned as it is, not in canonical form: the start keeps
    /// its own labels).
    pub fn intern(&mut self, s: R::State) -> StateId {
        if let Some(&id) = self.ids.get(&s) {
            return id;
        }
        let id = self.states.len() as StateId;
        self.ids.insert(s.clone(), id);
        self.states.push(s);
        id
    }

    /// The state numbered `id`.
    pub fn state(&self, id: StateId) -> &R::State {
        &self.states[id as usize]
    }

    fn parts(&mut self, s: R::State, out: &mut Expansion) {
        let pieces = if self.split {
            self.rules.components(&s)
        } else {
            None
        };
        match pieces {
            None => {
                let id = self.intern_canonical(s);
                out.part(id);
            }
            Some(p) => {
                for c in p {
                    let id = self.intern_canonical(c);
                    out.part(id);
                }
            }
        }
    }

    fn intern_canonical(&mut self, s: R::State) -> StateId {
        let c = self.rules.canonical(s);
        self.intern(c)
    }
}

impl<R: Rules> Explorer for RulesExplorer<'_, R> {
    fn expand(&mut self, batch: &[StateId], out: &mut Expansion) -> Result<(), RulesError> {
        out.clear();
        for &id in batch {
            let moves = self.rules.moves(&self.states[id as usize]);
            if let Some(label) = duplicate_label(&moves.iter().map(|m| &m.0).collect::<Vec<_>>()) {
                return Err(RulesError::DuplicateLabel {
                    state: self.describe(id),
                    label,
                });
            }
            for (_, next) in moves {
                self.parts(next, out);
                out.end_move();
            }
            out.end_state();
        }
        Ok(())
    }

    fn labels(&mut self, id: StateId) -> Result<Vec<String>, RulesError> {
        let moves = self.rules.moves(&self.states[id as usize]);
        Ok(moves.into_iter().map(|(label, _)| label).collect())
    }

    fn describe(&mut self, id: StateId) -> String {
        let s = format!("{:?}", self.states[id as usize]);
        match s.char_indices().nth(200) {
            Some((cut, _)) => format!("{}…", &s[..cut]),
            None => s,
        }
    }
}

/// Searches a game written in Rust from `start` (its moves' labels are the start's own;
/// every later state is split and put in canonical form as the rules say).
pub fn solve_rules<R: Rules>(
    rules: &R,
    start: R::State,
    opts: Options,
) -> Result<Solved, RulesError> {
    let split = opts.ending == Ending::Normal && !opts.loopy;
    let mut ex = RulesExplorer::new(rules, split);
    let id = ex.intern(start);
    solve(&mut ex, id, opts)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example of the [`Rules`] docs, word for word.
    #[test]
    fn the_doc_example_runs() {
        /// Subtraction game: take 1 or 2 from a heap.
        struct Take12;
        impl Rules for Take12 {
            type State = u32;
            fn moves(&self, &h: &u32) -> Vec<(String, u32)> {
                (1..=2.min(h)).map(|k| (k.to_string(), h - k)).collect()
            }
        }
        let solved = solve_rules(&Take12, 7, Options::default()).unwrap();
        assert_eq!(solved.value(), Some(7 % 3));
        assert_eq!(solved.winning_moves(), vec!["1"]);
    }

    /// Subtraction game {1, 2, 3} on one heap: g(h) = h mod 4.
    struct Take123;
    impl Rules for Take123 {
        type State = u32;
        fn moves(&self, &h: &u32) -> Vec<(String, u32)> {
            (1..=3.min(h)).map(|k| (format!("{k}"), h - k)).collect()
        }
    }

    /// Nim on several heaps, with the heaps as parts and sorted as the canonical form.
    struct Nim {
        split: bool,
    }
    impl Rules for Nim {
        type State = Vec<u32>;
        fn moves(&self, s: &Vec<u32>) -> Vec<(String, Vec<u32>)> {
            let mut out = Vec::new();
            for (i, &h) in s.iter().enumerate() {
                for k in 1..=h {
                    let mut t = s.clone();
                    t[i] -= k;
                    out.push((format!("{} {k}", i + 1), t));
                }
            }
            out
        }
        fn components(&self, s: &Vec<u32>) -> Option<Vec<Vec<u32>>> {
            self.split
                .then(|| s.iter().filter(|&&h| h > 0).map(|&h| vec![h]).collect())
        }
        fn canonical(&self, mut s: Vec<u32>) -> Vec<u32> {
            s.retain(|&h| h > 0);
            s.sort_unstable();
            s
        }
    }

    #[test]
    fn subtraction_game_values_are_mex() {
        for h in 0..40 {
            let s = solve_rules(&Take123, h, Options::default()).unwrap();
            assert_eq!(s.value(), Some(h % 4), "heap {h}");
            assert_eq!(s.states(), h as usize + 1);
        }
    }

    #[test]
    fn nim_with_and_without_parts_agrees_with_xor() {
        for heaps in [
            vec![1, 2, 3],
            vec![3, 5, 7],
            vec![4, 4],
            vec![0],
            vec![6, 1, 2, 2],
        ] {
            let x = heaps.iter().fold(0, |x, h| x ^ h);
            let whole = solve_rules(&Nim { split: false }, heaps.clone(), Options::default());
            let split = solve_rules(&Nim { split: true }, heaps.clone(), Options::default());
            let (whole, split) = (whole.unwrap(), split.unwrap());
            assert_eq!(whole.value(), Some(x), "{heaps:?}");
            assert_eq!(split.value(), Some(x), "{heaps:?}");
            assert_eq!(whole.winning_moves(), split.winning_moves());
            // Splitting explores single heaps only: far fewer states.
            assert!(split.states() <= whole.states());
        }
        let s = solve_rules(&Nim { split: true }, vec![3, 5, 7], Options::default()).unwrap();
        // 3^5^7 = 1: take one from any heap with the bit set; 3→2, 5→4, 7→6.
        assert_eq!(s.winning_moves(), vec!["1 1", "2 1", "3 1"]);
    }

    #[test]
    fn misere_nim_outcomes() {
        let opts = Options {
            ending: Ending::Misere,
            ..Options::default()
        };
        // Misère Nim: with every heap of size 1, the player to move wins iff the count is
        // even; otherwise as in normal play.
        for (heaps, win) in [
            (vec![1], false),
            (vec![1, 1], true),
            (vec![1, 1, 1], false),
            (vec![2], true),
            (vec![2, 2], false),
            (vec![1, 2, 3], false),
            (vec![], true),
        ] {
            let s = solve_rules(&Nim { split: true }, heaps.clone(), opts).unwrap();
            let o = if win { Outcome::Win } else { Outcome::Lose };
            assert_eq!(s.outcome(), o, "{heaps:?}");
            assert_eq!(s.value(), None);
        }
    }

    /// A token on a directed graph; a move follows an arc.
    struct Arcs(Vec<Vec<u32>>);
    impl Rules for Arcs {
        type State = u32;
        fn moves(&self, &v: &u32) -> Vec<(String, u32)> {
            self.0[v as usize]
                .iter()
                .map(|&w| (w.to_string(), w))
                .collect()
        }
    }

    #[test]
    fn loopy_games_have_draws_and_undeclared_cycles_are_refused() {
        // 0 → 1 → 2 → 0 (a cycle), 2 → 3, 3 has no move. From 2, moving to 3 wins. From 1,
        // the only move goes to 2 (won for the mover there): 1 is lost; so 0 is won.
        let g = Arcs(vec![vec![1], vec![2], vec![0, 3], vec![]]);
        let opts = Options {
            loopy: true,
            ..Options::default()
        };
        let s = solve_rules(&g, 0, opts).unwrap();
        assert_eq!(s.outcome(), Outcome::Win);
        assert_eq!(s.winning_moves(), vec!["1"]);
        // A pure cycle with an exit to a won state: 0 ↔ 1, 1 → 2 → 3 (3 terminal: 2 won).
        let g = Arcs(vec![vec![1], vec![0, 2], vec![3], vec![]]);
        let s = solve_rules(&g, 0, opts).unwrap();
        assert_eq!(s.outcome(), Outcome::Draw);
        let e = solve_rules(&g, 0, Options::default()).unwrap_err();
        assert!(matches!(e, RulesError::Cycle { .. }), "{e}");
        assert!(e.to_string().contains("0 → 1"), "{e}");
    }

    #[test]
    fn budget_and_duplicate_labels_are_refused() {
        let e = solve_rules(
            &Take123,
            100,
            Options {
                max_states: 10,
                ..Options::default()
            },
        )
        .unwrap_err();
        assert!(
            matches!(e, RulesError::TooManyStates { limit: 10, .. }),
            "{e}"
        );
        struct Same;
        impl Rules for Same {
            type State = u8;
            fn moves(&self, &s: &u8) -> Vec<(String, u8)> {
                if s == 0 {
                    vec![("x".into(), 1), ("x".into(), 2)]
                } else {
                    vec![]
                }
            }
        }
        let e = solve_rules(&Same, 0, Options::default()).unwrap_err();
        assert!(e.to_string().contains("same label `x`"), "{e}");
    }

    #[test]
    fn a_chain_of_a_million_states_needs_no_recursion() {
        struct Down;
        impl Rules for Down {
            type State = u32;
            fn moves(&self, &h: &u32) -> Vec<(String, u32)> {
                if h == 0 {
                    vec![]
                } else {
                    vec![("1".into(), h - 1)]
                }
            }
        }
        let s = solve_rules(
            &Down,
            1_000_000,
            Options {
                max_states: 2_000_000,
                ..Options::default()
            },
        )
        .unwrap();
        assert_eq!(s.value(), Some(0));
    }
}
