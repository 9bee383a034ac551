//! The judging library of grundy: everything between a judged program and a verdict, with
//! no command line.
//!
//! - [`suite`]: the four traits of a problem (`Inputs`, `Judged`, `Searched`, `Drawn`)
//!   and their two implementations, a built-in problem and a problem package;
//! - [`package`]: problem packages (`problem.toml`): the schema, the reference, the
//!   checker, the `[game]` and `[interact]` tables; [`solutions`]: a package's solutions
//!   and their expected verdicts; [`preset`]: a judge's limits by name (`[judge] like`);
//! - [`judge`]: one run classified (TLE, RE, MLE, OLE) and the expected output of a
//!   built-in problem from both engines;
//! - [`rules_game`]: a package's `[game]` (answer kinds, the test case as JSON, judging
//!   a winning move by playing it); [`rules`]: the Python rules workers;
//! - the interactive wing, [`jury`]: grundy's jury over the `Arena` trait, the setter's
//!   own interactor, grundy playing the contestant against it (`jury::harden`,
//!   `jury::harden_plan`) and the game's stepper page (`jury::steps_html`);
//! - the TLE wing, [`tle`]: growth, `grundy scale`, `grundy hunt`, `grundy time` and
//!   their pages;
//! - [`replay`]: a corpus replayed (`grundy replay`); [`reach`]: what a check's inputs
//!   reached; [`scaffold`]: `grundy new`, the packages to start from; [`workbench`]: a
//!   package's validate, gen and solve;
//! - [`report`]: a run's report (JSON, JUnit), written by [`report_files`]; the pages
//!   beside what they show, each importing it and never imported back
//!   ([`report_html`]), and the pieces they share ([`html`]);
//! - [`error`], [`output`], [`input`]: the one error type, standard output that never
//!   panics and safe escaping, reading inputs.
//!
//! Above it, and never imported by it: `grundy-check` (the `grundy check` pipeline),
//! `grundy-export` (the judges' packages) and `grundy-explore` (`grundy values`, `grundy
//! play`). Below it: judged programs run in `grundy-sandbox`; corpora and shrinking are
//! `grundy-fuzzing`'s. Neither is re-exported: each module has one path.

#![deny(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

pub mod code;
pub mod error;
pub mod html;
pub mod input;
pub mod judge;
pub mod jury;
pub mod output;
pub mod package;
pub mod preset;
pub mod reach;
pub mod replay;
pub mod report;
pub mod report_files;
pub mod report_html;
pub mod rules;
pub mod rules_game;
pub mod scaffold;
pub mod solutions;
pub mod suite;
pub mod tle;
pub mod workbench;
