//! The grundy harness: the command line and the commands behind it.
//!
//! The game model lives in `grundy-games`, the two answer engines in `grundy-solver` and
//! `grundy-oracle`, the differential machinery (checks, generators, shrinker) in
//! `grundy-fuzzing`, running judged programs in `grundy-sandbox` and judging them
//! (problem packages, suites, the jury, reports) in `grundy-judging`; this crate wires
//! them to the user.

#![deny(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

pub mod allocator;
pub mod args;
pub mod cli;
pub mod cmd;
pub mod engine;
pub mod exit;
pub mod probe;
