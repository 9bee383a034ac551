//! `grundy check PROBLEM -- CMD ARGS…`: validates a contestant's program against a
//! built-in problem or a problem package (one code path, through [`Suite`]).
//!
//! One program's check ([`one::run`]) is a pipeline of stages, each a module that
//! returns data to the driver and imports no later stage:
//!
//! 1. `plan`: the tests — random inputs in three tiers, the swept family members, the
//!    adversarial maximum inputs (`--first` stops at the first failure);
//! 2. `run`: each test judged and its result recorded; each failing test filed;
//! 3. `settle`: a crash's cause settled by re-runs with an unlimited stack, before any
//!    grouping;
//! 4. `group`: the failing tests grouped once, by cause and size class;
//! 5. `shrink`: a size threshold by bisection where only large inputs fail, then one
//!    representative of each group shrunk with the program in the loop;
//! 6. `report`: each group's witness saved as NAME.in / NAME.out / NAME.actual and printed
//!    with the commands that reproduce it; the table of the groups. `--report` writes
//!    every test's verdict as JSON, JUnit XML or a page.
//!
//! What they share is below them all (`judge`: the one `Judge`, a test, a failure;
//! `options`; `verdict`: one run judged; `cause`). With no program, every solution of a
//! package is checked so ([`matrix`]).
//!
//! This crate is the `check` wing: it imports `grundy-judging` (suites, packages,
//! verdicts, the jury, TLE measurements, reports) and the crates below; `grundy-export`
//! (a test set's witnesses) and the binary import it.
//!
//! [`Suite`]: grundy_judging::suite::Suite

#![deny(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

mod cause;
mod group;
mod judge;
pub mod matrix;
pub mod one;
pub mod options;
mod plan;
mod report;
mod run;
mod sanitized;
pub mod sanitizer;
mod settle;
mod shrink;
pub(crate) mod text;
mod threshold;
mod verdict;

use grundy_judging::error::{Error, Outcome};
use grundy_judging::suite::Suite;
use options::Options;

/// Runs `grundy check` of `suite`: of the program of the options, or (with none) of
/// every solution of the package against its expected verdict.
pub fn run<S: Suite>(suite: &S, o: Options) -> Result<Outcome, Error> {
    if o.cmd.is_empty() {
        return matrix::run_all(suite, o);
    }
    one::run(suite, o).map(|(outcome, _)| outcome)
}
