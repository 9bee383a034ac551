//! The generic search: a game is a set of states and a successor function; the value of a
//! state is the mex of its successors' values (normal play) or, for misère play, "win"
//! exactly when the state has no move or some move leads to a loss. That definition is the
//! only game theory in this crate.
//!
//! The search is a depth-first traversal with an explicit stack (no recursion): each frame
//! owns a slice of one shared successor stack and a bitset of the values seen so far, so a
//! state costs no allocation. Every finished state is memoized; the memo's capacity is the
//! budget.

use crate::memo::{Key, Memo, Table, UNKNOWN};
use std::fmt;

/// A game as the oracle sees it: states and the states one move away.
pub trait Rules {
    /// A compact, exact encoding of a position.
    type State: Key;
    /// Appends every state one move away from `s` (duplicates allowed).
    fn successors(&self, s: Self::State, out: &mut Vec<Self::State>);
}

/// Which winning condition is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    /// The player who cannot move loses; values are Grundy values.
    Normal,
    /// The player who cannot move wins; values are 1 (player to move wins) or 0.
    Misere,
}

/// Why the oracle could not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OracleError {
    /// The search met more states than its budget allows.
    TooManyStates {
        /// States explored when the search stopped.
        explored: usize,
        /// The budget.
        limit: usize,
    },
    /// The search examined more moves than its budget allows (positions with very many
    /// moves each, such as huge stone counts).
    TooManyMoves {
        /// Moves (successor states) examined when the search stopped.
        examined: u64,
        /// The budget: [`MOVES_PER_STATE`] times the state budget.
        limit: u64,
    },
    /// The moves waiting on the search's stack (generated, not yet searched) outgrew
    /// their budget: positions with very many moves each, deep in a long game.
    TooManyPending {
        /// Moves waiting when the search stopped.
        pending: usize,
        /// The budget: [`PENDING_PER_STATE`] times the state budget.
        limit: usize,
    },
    /// The position cannot be encoded in the oracle's compact states.
    TooWide(String),
    /// The memory for more states could not be had (a memory limit) before the budget.
    OutOfMemory {
        /// States stored when the memory ran out.
        stored: usize,
    },
}

impl fmt::Display for OracleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OracleError::TooManyStates { explored, limit } => write!(
                f,
                "position too large for exhaustive search: {explored} states explored, limit {limit}"
            ),
            OracleError::TooManyMoves { examined, limit } => write!(
                f,
                "position too large for exhaustive search: {examined} moves examined, limit {limit}"
            ),
            OracleError::TooManyPending { pending, limit } => write!(
                f,
                "position too large for exhaustive search: {pending} moves waiting to be searched, limit {limit}"
            ),
            OracleError::TooWide(what) => {
                write!(f, "position too large for exhaustive search: {what}")
            }
            OracleError::OutOfMemory { stored } => write!(
                f,
                "position too large for exhaustive search: out of memory after {stored} states (lower --max-states or raise the memory limit)"
            ),
        }
    }
}

impl std::error::Error for OracleError {}

/// Moves the search may examine per state of its budget (so time stays bounded too).
pub const MOVES_PER_STATE: u64 = 32;

/// Moves that may wait on the search's stack per state of its budget (memory).
pub const PENDING_PER_STATE: usize = 4;

/// The default state budget: a refusal comes within a second, with at most 16 MB of hash
/// memo for 64-bit states, 32 MB for 128-bit ones (and 1 MB for a dense table).
pub const DEFAULT_MAX_STATES: usize = 1_000_000;

/// Tables up to this size are taken to sit in the processor's caches (no prefetching).
const CACHED_TABLE: usize = 64 << 10;

/// Notes a successor's value among those a frame has seen: values below 64 as bits of
/// `seen`, larger ones on the shared `big` list (the frame's part of it).
#[inline(always)]
fn note(seen: &mut u64, big: &mut Vec<u32>, v: u32) {
    if v < 64 {
        *seen |= 1 << v;
    } else {
        big.push(v);
    }
}

struct Frame<S> {
    state: S,
    /// The state's memo address (hash or index).
    addr: u64,
    terminal: bool,
    start: usize,
    end: usize,
    next: usize,
    seen: u64,
    big_start: usize,
}

/// A memoized search over one game, reusable across many start states; finished states
/// are kept in the table `T` (the hash [`Memo`] unless the game numbers its states).
pub struct Search<R: Rules, T: Table<R::State> = Memo<<R as Rules>::State>> {
    rules: R,
    play: Play,
    memo: T,
    limit: usize,
    succ: Vec<R::State>,
    /// The memo address of each entry of `succ`, computed once (when the table's
    /// addresses are hashes; an index carried in the state is cheaper to read again).
    succ_addr: Vec<u64>,
    frames: Vec<Frame<R::State>>,
    big: Vec<u32>,
    generated: u64,
}

impl<R: Rules> Search<R> {
    /// A search for `rules` that stores at most `limit` states in a hash memo.
    pub fn new(rules: R, play: Play, limit: usize) -> Search<R> {
        Search::with_table(rules, play, limit, Memo::new(limit))
    }
}

impl<R: Rules, T: Table<R::State>> Search<R, T> {
    /// A search for `rules` that keeps finished states in `table` and stores at most
    /// `limit` of them.
    pub fn with_table(rules: R, play: Play, limit: usize, table: T) -> Search<R, T> {
        Search {
            rules,
            play,
            memo: table,
            limit,
            // Sized for a small game's whole search: most searches are short (a
            // campaign's cases), and growing these push by push cost more than the search.
            succ: Vec::with_capacity(64),
            succ_addr: Vec::new(),
            frames: Vec::with_capacity(16),
            big: Vec::new(),
            generated: 0,
        }
    }

    /// The rules searched.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// States memoized so far.
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// Successor states generated so far (each one a memo lookup).
    pub fn generated(&self) -> u64 {
        self.generated
    }

    /// Bytes allocated by the memo.
    pub fn memo_bytes(&self) -> usize {
        self.memo.allocated_bytes()
    }

    /// Appends the successors of `s` (for naming moves).
    #[allow(dead_code)] // kept for the unit tests and the crate's own checks
    pub fn successors(&self, s: R::State, out: &mut Vec<R::State>) {
        self.rules.successors(s, out)
    }

    /// Pushes a frame for `state` (at memo address `addr`): its successors are generated,
    /// their memo slots prefetched, and those already known recorded at once, so that
    /// only the unknown ones stay on the successor stack (independent lookups overlap in
    /// the processor).
    fn open(&mut self, state: R::State, addr: u64) {
        let start = self.succ.len();
        self.rules.successors(state, &mut self.succ);
        let end = self.succ.len();
        self.generated += (end - start) as u64;
        let keep_addr = T::KEEP_ADDRESSES;
        if keep_addr {
            self.succ_addr.resize(end, 0);
        }
        // A table within the processor's caches gains nothing from prefetching: the
        // addresses are then computed in the one pass below.
        let cached = self.memo.allocated_bytes() <= CACHED_TABLE;
        if !cached {
            for i in start..end {
                let a = self.memo.address(&self.succ[i]);
                self.memo.prefetch(a);
                if keep_addr {
                    self.succ_addr[i] = a;
                }
            }
        }
        let big_start = self.big.len();
        let mut seen = 0u64;
        let mut keep = start;
        if cached && !keep_addr {
            // A table within the caches, addressed by the state itself: nothing to
            // overlap, so each successor is looked up once, when its turn comes.
            keep = end;
        } else {
            // Branch-free: known values go into `seen`, unknown states are compacted to
            // the front (every state is written, the write position advances for unknown
            // ones).
            for i in start..end {
                let s = self.succ[i];
                let a = if keep_addr && !cached {
                    self.succ_addr[i]
                } else {
                    self.memo.address(&s)
                };
                let v = self.memo.get(a, s);
                self.succ[keep] = s;
                if keep_addr {
                    self.succ_addr[keep] = a;
                }
                keep += usize::from(v == UNKNOWN);
                seen |= u64::from(v < 64) << (v & 63);
                if v >= 64 && v != UNKNOWN {
                    self.big.push(v);
                }
            }
        }
        self.frames.push(Frame {
            state,
            addr,
            start,
            end: keep,
            next: start,
            seen,
            big_start,
            terminal: start == end,
        });
    }

    /// Records a finished child's value in the top frame.
    fn record(&mut self, v: u32) {
        let f = self.frames.last_mut().expect("a frame to record into");
        note(&mut f.seen, &mut self.big, v);
    }

    fn finish(&mut self, f: &Frame<R::State>) -> u32 {
        match self.play {
            Play::Misere => {
                if f.terminal || f.seen & 1 == 1 {
                    1
                } else {
                    0
                }
            }
            Play::Normal => {
                let low = (!f.seen).trailing_zeros();
                if low < 64 {
                    return low;
                }
                let big = &mut self.big[f.big_start..];
                big.sort_unstable();
                let mut m = 64;
                for &x in big.iter() {
                    if x == m {
                        m += 1;
                    } else if x > m {
                        break;
                    }
                }
                m
            }
        }
    }

    /// Abandons the search in progress (the memo keeps what was finished).
    fn give_up(&mut self, explored: usize) -> OracleError {
        self.frames.clear();
        self.succ.clear();
        self.succ_addr.clear();
        self.big.clear();
        OracleError::TooManyStates {
            explored,
            limit: self.limit,
        }
    }

    /// Whether one more state may be opened: the states on the stack count against the
    /// budget too (a long game, say millions of stones, must not grow the stack unbounded
    /// before any state is finished), and so do the moves examined and waiting (time and
    /// memory).
    fn within_budget(&mut self) -> Result<(), OracleError> {
        if self.frames.len() + self.memo.len() >= self.limit {
            return Err(self.give_up(self.frames.len() + self.memo.len()));
        }
        let move_limit = MOVES_PER_STATE * self.limit as u64;
        if self.generated >= move_limit {
            self.give_up(0);
            return Err(OracleError::TooManyMoves {
                examined: self.generated,
                limit: move_limit,
            });
        }
        let pending_limit = PENDING_PER_STATE * self.limit;
        if self.succ.len() >= pending_limit {
            let pending = self.succ.len();
            self.give_up(0);
            return Err(OracleError::TooManyPending {
                pending,
                limit: pending_limit,
            });
        }
        Ok(())
    }

    /// Finishes the frame `f` (popped, all its successors seen): its value, its pending
    /// moves dropped, the value memoized.
    fn close(&mut self, f: Frame<R::State>) -> Result<u32, OracleError> {
        let v = self.finish(&f);
        self.succ.truncate(f.start);
        if T::KEEP_ADDRESSES {
            self.succ_addr.truncate(f.start);
        }
        self.big.truncate(f.big_start);
        if self.memo.len() >= self.limit {
            return Err(self.give_up(self.memo.len()));
        }
        if let Err(full) = self.memo.insert(f.addr, f.state, v) {
            let e = self.give_up(self.memo.len());
            return Err(if full.out_of_memory {
                OracleError::OutOfMemory {
                    stored: full.stored,
                }
            } else {
                e
            });
        }
        Ok(v)
    }

    /// The value of `start` (a Grundy value, or 1/0 for a misère win/loss).
    pub fn value(&mut self, start: R::State) -> Result<u32, OracleError> {
        let h = self.memo.address(&start);
        let v = self.memo.get(h, start);
        if v != UNKNOWN {
            return Ok(v);
        }
        self.open(start, h);
        // The top frame's cursor and values seen are kept in locals while its successors
        // are looked up, and written back only when a child is opened.
        'frames: loop {
            let depth = self.frames.len() - 1;
            let (mut next, end, mut seen) = {
                let f = &self.frames[depth];
                (f.next, f.end, f.seen)
            };
            while next < end {
                let s = self.succ[next];
                let h = if T::KEEP_ADDRESSES {
                    self.succ_addr[next]
                } else {
                    self.memo.address(&s)
                };
                next += 1;
                let v = self.memo.get(h, s);
                if v != UNKNOWN {
                    note(&mut seen, &mut self.big, v);
                    continue;
                }
                self.within_budget()?;
                let f = &mut self.frames[depth];
                f.next = next;
                f.seen = seen;
                self.open(s, h);
                continue 'frames;
            }
            let mut f = self.frames.pop().expect("non-empty stack");
            f.seen = seen;
            let v = self.close(f)?;
            if self.frames.is_empty() {
                return Ok(v);
            }
            self.record(v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Subtraction game: take 1 or 2 from a heap; g(n) = n mod 3.
    struct Subtract;
    impl Rules for Subtract {
        type State = u64;
        fn successors(&self, s: u64, out: &mut Vec<u64>) {
            out.extend((1..=2).filter(|&k| k <= s).map(|k| s - k));
        }
    }

    #[test]
    fn mex_and_misere_on_a_subtraction_game() {
        let mut s = Search::new(Subtract, Play::Normal, 1000);
        for n in 0..50 {
            assert_eq!(s.value(n).unwrap() as u64, n % 3);
        }
        let mut m = Search::new(Subtract, Play::Misere, 1000);
        // Misère take-1-or-2: the mover loses exactly at n ≡ 1 (mod 3).
        for n in 0..50 {
            assert_eq!(m.value(n).unwrap() == 0, n % 3 == 1, "n = {n}");
        }
    }

    #[test]
    fn a_deep_game_stops_at_the_budget_not_out_of_memory() {
        // Take-1-or-2 from a heap of 10^9: the first path is 5·10^8 moves deep.
        let mut s = Search::new(Subtract, Play::Normal, 1000);
        let e = s.value(1_000_000_000).unwrap_err();
        assert!(
            matches!(e, OracleError::TooManyStates { limit: 1000, .. }),
            "{e}"
        );
    }

    /// Take any number from a heap of 200, smallest take first: down the first path every
    /// heap leaves its moves
    /// waiting, 4000 of them after about 20 moves, long before 32,000 are examined; the
    /// error says so (not "moves examined" under the limit).
    #[test]
    fn too_many_waiting_moves_are_reported_as_such() {
        /// Biggest takes last, so the search dives through the biggest heaps first.
        struct TakeAny;
        impl Rules for TakeAny {
            type State = u64;
            fn successors(&self, s: u64, out: &mut Vec<u64>) {
                out.extend((0..s).rev());
            }
        }
        let mut s = Search::new(TakeAny, Play::Normal, 1000);
        let e = s.value(200).unwrap_err();
        assert!(
            matches!(e, OracleError::TooManyPending { limit: 4000, pending } if pending >= 4000),
            "{e}"
        );
        assert!(e
            .to_string()
            .contains("moves waiting to be searched, limit 4000"));
    }

    #[test]
    fn budget_is_an_error() {
        let mut s = Search::new(Subtract, Play::Normal, 10);
        let e = s.value(100).unwrap_err();
        assert_eq!(
            e.to_string(),
            "position too large for exhaustive search: 10 states explored, limit 10"
        );
    }

    /// Nim heap: every smaller heap is a successor; deep chains use the explicit stack.
    struct Heap;
    impl Rules for Heap {
        type State = u64;
        fn successors(&self, s: u64, out: &mut Vec<u64>) {
            out.extend(0..s);
        }
    }

    #[test]
    fn large_values_past_the_bitset() {
        let mut s = Search::new(Heap, Play::Normal, 10_000);
        assert_eq!(s.value(300).unwrap(), 300);
    }
}
