//! What `grundy check` is asked to do ([`Options`]): the program, the plan's size and
//! seed, the limits, where findings go. Every stage reads it; it imports no stage.

use grundy_judging::report;
use grundy_sandbox::runner::RunLimits;
use std::path::PathBuf;
use std::time::Duration;

/// Options of `grundy check`.
#[derive(Clone, Debug)]
pub struct Options {
    /// The program (a command line or a source file).
    pub cmd: Vec<String>,
    /// The language of a source file (an id of the languages table), when its extension
    /// is not to choose it (`pypy3` for a `.py`).
    pub lang: Option<String>,
    /// Seed of the random inputs.
    pub seed: u64,
    /// Random inputs (80% small, 15% medium, 5% large).
    pub cases: u64,
    /// Stop starting new tests after this long.
    pub time: Option<Duration>,
    /// Tests run at once.
    pub jobs: usize,
    /// Run only this test index.
    pub only: Option<u64>,
    /// Skip the adversarial inputs.
    pub no_adversarial: bool,
    /// Skip the family sweep ([`grundy_fuzzing::families`]).
    pub no_families: bool,
    /// Limits of each run.
    pub limits: RunLimits,
    /// The judge preset the limits come from (`[judge] like`), said in the header.
    pub like: Option<grundy_judging::preset::Preset>,
    /// Where failing inputs are saved.
    pub save: PathBuf,
    /// Time allowed for shrinking (all groups together).
    pub shrink_time: Duration,
    /// Colour the report (differences, the verdict).
    pub color: bool,
    /// Stop at the first failure (the quick loop) instead of running the whole plan.
    pub first: bool,
    /// Reports to write: `(json|junit, path)`.
    pub reports: Vec<(report::Format, PathBuf)>,
    /// After the plan, hunt this long for an input of the maximum size that runs past the
    /// time limit (none: no hunt).
    pub hunt: Option<Duration>,
    /// Run every passing test on the sanitized build too (`sanitized`): undefined
    /// behaviour is a failure (UB).
    pub sanitize: bool,
}
