//! The bounds of an input format ([`InputBounds`]): the lenient ones `grundy solve` accepts
//! and the exact constraints of each contest statement (its validator). Not the limits of
//! a run (time, memory: `grundy_sandbox::runner::RunLimits`).

/// Bounds on every count and number a format reads. A bound that does not apply to a
/// format is ignored by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InputBounds {
    /// Vertices of a tree or of one graph.
    pub vertices: (u64, u64),
    /// Chips (`chip`).
    pub chips: (u64, u64),
    /// Graphs in one position (`hackenbush`, `poj3710`'s K).
    pub graphs: (u64, u64),
    /// Edges of one graph.
    pub edges: (u64, u64),
    /// Stones on a vertex, initially and in an update.
    pub stones: (u64, u64),
    /// The cap L of `staircase`.
    pub cap: (u64, u64),
    /// Updates of `staircase`.
    pub updates: (u64, u64),
    /// `p2972`: the parent of vertex i must be smaller than i.
    pub parent_below: bool,
    /// `poj3710`: every graph is a connected cactus without loops in which no two vertices
    /// of one cycle both have degree ≥ 3.
    pub christmas: bool,
}

/// The largest vertex, edge, chip or update count `grundy solve` accepts (memory guard).
pub const MAX_ITEMS: u64 = 20_000_000;
/// The largest stone count or cap (so that L + 1 and every value fit in 64 bits).
pub const MAX_NUMBER: u64 = 1_000_000_000_000_000_000;

impl InputBounds {
    /// What `grundy solve` accepts: any structurally valid input up to [`MAX_ITEMS`].
    pub const LENIENT: InputBounds = InputBounds {
        vertices: (1, MAX_ITEMS),
        chips: (0, MAX_ITEMS),
        graphs: (0, MAX_ITEMS),
        edges: (0, MAX_ITEMS),
        stones: (0, MAX_NUMBER),
        cap: (1, MAX_NUMBER),
        updates: (0, MAX_ITEMS),
        parent_below: false,
        christmas: false,
    };
}
