//! What `grundy check` needs from a problem, so that the four built-in problems and every
//! problem package run the same test plan, verdicts, shrinking, saved failures and
//! reports. The needs are four traits, each what one kind of caller uses: [`Inputs`]
//! (random inputs by tier, adversarial maximum inputs, printing, validating, sizing),
//! [`Judged`] (the expected output, the checker, the game against the jury), [`Searched`]
//! (shrinking, inputs of a shape and size, cuts, families, the hunt's mutations) and
//! [`Drawn`] (pictures); [`Suite`] is all four, implemented by every type that has them.
//! A new problem kind implements the four, leaning on the defaults where it has nothing
//! to offer (no cuts, no drawings, no game).

use crate::error::Error;
use crate::judge::Verdict;
use crate::reach::{Dim, Reach};
use grundy_fuzzing::contest::Tier;
use grundy_fuzzing::gen::TreeShape;
use grundy_fuzzing::shrink::Shrunk;
use grundy_fuzzing::Rng;
use grundy_sandbox::runner::{Run, RunLimits};

/// Trees of at most this many vertices are shown as indented text in the reports.
const TEXT_TREE_MOST: usize = 12;

/// A game played against the jury: the verdict, the run and the transcript as text.
pub type Played = Result<(Verdict, Run, Vec<u8>), Error>;

/// A problem's inputs: made (random by tier, adversarial), printed, validated, sized and
/// named. Every problem kind implements it.
pub trait Inputs: Sync {
    /// One input.
    type Input: Clone + Send + Sync;
    /// The name of the folder its failures are saved in.
    fn name(&self) -> String;
    /// How the problem is named on the command line (for reproduce lines).
    fn arg(&self) -> String;
    /// Random input `index` of the plan seeded by `seed`, of a size tier; and a label.
    fn random(&self, seed: u64, index: u64, tier: Tier) -> Result<(Self::Input, String), Error>;
    /// The names of the adversarial inputs.
    fn adversarial(&self) -> Vec<String>;
    /// Adversarial input `k`.
    fn adversarial_input(&self, k: usize) -> Result<Self::Input, Error>;
    /// The input as text.
    fn write(&self, input: &Self::Input) -> String;
    /// True when the statement's validator accepts the input.
    fn valid(&self, input: &Self::Input) -> bool;
    /// A size to compare inputs by (smaller is better).
    fn size(&self, input: &Self::Input) -> usize;
    /// The size in words (`8 vertices`).
    fn describe(&self, input: &Self::Input) -> String;
    /// The shape of an input's largest tree (`chain`, `star`, …), or `graph`/`cactus`.
    fn shape(&self, input: &Self::Input) -> String;
    /// Vertices of all the trees and graphs of an input.
    fn vertices_of(&self, input: &Self::Input) -> usize;
}

/// Judging a program's output on an input: the expected output, the checker, and for an
/// interactive problem the game against the jury.
pub trait Judged: Inputs {
    /// The expected output and who computed it.
    fn expected(&self, input: &Self::Input, text: &str) -> Result<(Vec<u8>, String), Error>;
    /// The verdict on a program's output (which exited normally).
    fn check_output(
        &self,
        input: &Self::Input,
        text: &str,
        output: &[u8],
        expected: &[u8],
    ) -> Result<Verdict, Error>;
    /// For an interactive problem: plays the program against the jury on `input` (the
    /// verdict, the run and the transcript as text); `None` for a problem that is not
    /// interactive.
    fn play(&self, input: &Self::Input, argv: &[String], limits: &RunLimits) -> Option<Played> {
        let _ = (input, argv, limits);
        None
    }
    /// For `grundy harden`: plays `player` (seeded) against the setter's interactor
    /// `interactor` on `input`; `None` when grundy knows no game for the problem (neither
    /// rules nor a built-in engine) or it is not interactive.
    fn harden(
        &self,
        input: &Self::Input,
        interactor: &[String],
        player: crate::jury::harden::Player,
        seed: u64,
    ) -> Option<Result<crate::jury::harden::Game, Error>> {
        let _ = (input, interactor, player, seed);
        None
    }
    /// The package's solutions with their expected verdicts (none for a built-in
    /// problem).
    fn solutions(&self) -> Vec<crate::solutions::Solution> {
        Vec::new()
    }
    /// True when outputs are compared token by token, line breaks aside (a report then
    /// lines the expected and the actual output up by token, not by line).
    fn compares_tokens(&self) -> bool {
        false
    }
    /// Which test case of a multi-case input an output differs in, in words.
    fn locate(&self, input: &Self::Input, expected: &[u8], actual: &[u8]) -> Option<String>;
}

/// What shrinking and the searches for a smaller or slower failure need: the shrinker,
/// inputs of a shape and size, cuts, the families swept, the hunt's mutations, the
/// dimensions measured.
pub trait Searched: Inputs {
    /// Shrinks a failing input while `fails` holds, ending where it stands once `stop`
    /// says so (its time spent).
    fn shrink(
        &self,
        input: Self::Input,
        fails: &mut dyn FnMut(&Self::Input) -> bool,
        stop: &dyn Fn() -> bool,
    ) -> Shrunk<Self::Input>;
    /// How many more small random inputs are tried, after shrinking, for a smaller failure
    /// (each costs a run of the program, and of the reference for a package).
    fn extra_tries(&self) -> u64 {
        300
    }
    /// An input whose trees have this shape and this many vertices (for finding the size
    /// from which a failure starts); `None` when the problem has no trees.
    fn sized(&self, shape: TreeShape, size: usize, seed: u64)
        -> Option<Result<Self::Input, Error>>;
    /// The largest size `sized` accepts.
    fn max_size(&self) -> usize;
    /// For a problem whose inputs hold several test cases: the name of their count (`t`)
    /// and the most one input holds; `None` for one test case an input.
    fn cases_axis(&self) -> Option<(String, usize)> {
        None
    }
    /// An input of `k` test cases, each of the least size, its values at their extremes
    /// (a growth over the test cases); `None` for one test case an input.
    fn with_cases(&self, k: usize, seed: u64) -> Option<Result<Self::Input, Error>> {
        let _ = (k, seed);
        None
    }
    /// The inputs a hunt for a slow input starts from, each named: by default a tree of
    /// each of `shapes` of the maximum size ([`Searched::sized`]); none for a problem
    /// without trees.
    fn hunt_starts(
        &self,
        shapes: &[TreeShape],
        seed: u64,
    ) -> Vec<(String, Result<Self::Input, Error>)> {
        tree_starts(self, shapes, seed)
    }
    /// The largest input in words, by the dimension that has the largest size
    /// (`300,000 vertices`, `200,000 queries`, `200,000 values of a`).
    fn max_size_words(&self) -> String {
        crate::output::vertices(self.max_size())
    }
    /// The family members every check sweeps ([`grundy_fuzzing::families::sweep`]), each
    /// built by [`Searched::sized`]; none for a problem without trees.
    fn families(&self) -> Vec<grundy_fuzzing::families::Member> {
        Vec::new()
    }
    /// Records the dimensions `input` reaches ([`crate::reach`]): by default its
    /// vertices.
    fn measure(&self, input: &Self::Input, reach: &mut Reach) {
        reach.add(Dim::Vertices, self.vertices_of(input) as i64);
    }
    /// The largest value each dimension may take by the statement, where known (for
    /// "never reached"): by default the vertices and the degree.
    fn allowed(&self) -> Vec<(Dim, i64)> {
        let n = self.max_size() as i64;
        vec![(Dim::Vertices, n), (Dim::Degree, n - 1)]
    }
    /// The vertices of the tree [`Searched::cut`] cuts, when the problem can cut `input`.
    fn cut_size(&self, input: &Self::Input) -> Option<usize> {
        let _ = input;
        None
    }
    /// `input` with its tree cut to the first `n` vertices of its breadth-first order,
    /// everything else kept (a threshold search's inputs); `None` when the problem
    /// cannot cut it.
    fn cut(&self, input: &Self::Input, n: usize) -> Option<Self::Input> {
        let _ = (input, n);
        None
    }
    /// The input of a family member (`None`: the problem has no trees).
    fn member(
        &self,
        m: &grundy_fuzzing::families::Member,
        seed: u64,
    ) -> Option<Result<Self::Input, Error>> {
        self.sized(m.shape, m.size, seed)
    }
    /// The input changed by one move of the slow-input hunt (the same size), and the move
    /// in words; `None` when no move applies.
    fn mutate(&self, input: &Self::Input, rng: &mut Rng) -> Option<(Self::Input, String)>;
}

/// A tree of each of `shapes` of the maximum size, named (`a chain of 1000 vertices`): the
/// hunt's starts by default ([`Searched::hunt_starts`]); none for a problem without trees.
pub fn tree_starts<S: Searched + ?Sized>(
    suite: &S,
    shapes: &[TreeShape],
    seed: u64,
) -> Vec<(String, Result<S::Input, Error>)> {
    let max = suite.max_size();
    shapes
        .iter()
        .enumerate()
        .filter_map(|(k, &s)| {
            let input = suite.sized(s, max, seed + k as u64)?;
            Some((format!("a {} of {max} vertices", s.name()), input))
        })
        .collect()
}

/// Pictures: an input drawn, and an interactive game drawn move by move. Both default to
/// nothing to draw.
pub trait Drawn: Inputs {
    /// A picture of `input` (SVG) and, when it is small, its tree as indented text
    /// ([`grundy_draw`]); `None` when there is nothing to draw.
    fn draw(&self, input: &Self::Input) -> Option<(String, Option<String>)> {
        let _ = input;
        None
    }
    /// An interactive game's positions, drawn before every move `transcript` (the game as
    /// [`crate::jury::transcript_text`] writes it) played from `input`: each frame's
    /// caption and SVG ([`crate::jury::steps_html::game_steps`]); none where grundy cannot draw
    /// the game's positions.
    fn steps(
        &self,
        input: &Self::Input,
        transcript: &[u8],
        sides: crate::jury::steps_html::Sides<'_>,
    ) -> Vec<(String, String)> {
        let _ = (input, transcript, sides);
        Vec::new()
    }
}

/// A problem as `grundy check` sees it: every capability at once (implemented by every
/// type that has the four).
pub trait Suite: Inputs + Judged + Searched + Drawn {}

impl<T: Inputs + Judged + Searched + Drawn> Suite for T {}

/// The shape of a graph given by its edges, in the words of the reports: a tree's shape
/// (chain, star, …) when it is one, else `cactus` (when `cactus`) or `graph`.
pub fn shape_of_edges(n: u32, edges: &[(u32, u32)], cactus: bool) -> String {
    if edges.len() + 1 == n as usize {
        if let Ok(t) = grundy_games::Tree::from_edges(n as usize, edges) {
            return grundy_fuzzing::gen::classify(&t).name().to_string();
        }
    }
    if cactus { "cactus" } else { "graph" }.to_string()
}

mod builtin;
mod packaged;

pub use builtin::Builtin;
pub use packaged::Packaged;

/// A game played, its failure told as grundy's errors ([`play_error`]).
fn played_as(
    played: Result<crate::jury::Played, crate::jury::PlayError>,
    dir: &std::path::Path,
    what: Option<&str>,
) -> Played {
    played
        .map(|p| {
            let t = crate::jury::transcript_text(&p.transcript).into_bytes();
            (p.verdict, p.run, t)
        })
        .map_err(|e| play_error(e, dir, what))
}

/// A game's failure (not the program's) as grundy's error: a program that cannot start is
/// bad usage, a failing interactor or rules the package's fault (in the folder `dir`;
/// `what` says what failed, when the message does not), a disagreement of grundy's
/// engines an internal error.
pub fn play_error(e: crate::jury::PlayError, dir: &std::path::Path, what: Option<&str>) -> Error {
    use crate::jury::PlayError;
    match e {
        PlayError::Start(m) => Error::usage(m),
        PlayError::Rules(m) => match what {
            Some(what) => Error::input(format!("{}: {what}: {m}", dir.display())),
            None => Error::input(format!("{}: {m}", dir.display())),
        },
        PlayError::Internal(m) => Error::internal(m),
    }
}
