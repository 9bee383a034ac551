//! The judging library of grundy: everything between a judged program and a verdict, with
//! no command line.
//!
//! - [`suite`]: the `Suite` trait — a built-in problem or a problem package, generating,
//!   printing, validating, judging, shrinking and classifying its inputs — and its two
//!   implementations;
//! - [`package`]: problem packages (`problem.toml`): the schema, the reference, the
//!   checker, the `[game]` and `[interact]` tables; [`solutions`]: a package's solutions
//!   and their expected verdicts;
//! - [`judge`]: one run classified (TLE, RE, MLE, OLE) and the expected output of a
//!   built-in problem from both engines;
//! - [`game`]: a package's `[game]` (answer kinds, the test case as JSON, judging a
//!   winning move by playing it); [`rules`]: the Python rules workers;
//! - [`jury`]: interactive problems — grundy's jury over the `Arena` trait, and the
//!   setter's own interactor; [`harden`]: grundy playing the contestant against that
//!   interactor, [`harden_plan`] its plan of tests;
//! - [`scaffold`]: `grundy new`, the packages to start from;
//! - [`tle`]: TLEs explained (growth, the hunt, time limits); [`reach`]: what a check's
//!   inputs reached; [`preset`]: a judge's limits by name (`[judge] like`);
//! - [`report`]: JSON and JUnit reports ([`corpus`], where failures are saved atomically,
//!   is `grundy-fuzzing`'s);
//! - [`error`], [`output`], [`input`]: the one error type and exit codes, standard output
//!   that never panics and safe escaping, reading inputs.
//!
//! Above it, and never imported by it: `grundy-check` (the `grundy check` pipeline),
//! `grundy-export` (the judges' packages) and `grundy-explore` (`grundy values`, `grundy
//! play`).
//!
//! Judged programs run in `grundy-sandbox` (re-exported here as [`contain`],
//! [`launcher`], [`program`], [`runner`], [`session`]).

#![deny(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

pub mod error;
pub mod html;
pub mod input;
pub mod judge;
pub mod jury;
pub mod output;
pub mod package;
pub mod preset;
pub mod reach;
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
