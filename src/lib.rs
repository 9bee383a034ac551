//! The grundy harness: the command line and the commands behind it.
//!
//! The game model lives in `grundy-games`, the two answer engines in `grundy-solver` and
//! `grundy-oracle`, and the differential machinery (checks, generators, shrinker) in
//! `grundy-fuzzing`; this crate wires them to the user.

#![deny(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

pub use grundy_sandbox::{contain, launcher, program, runner, session};

pub mod campaign;
pub mod cli;
pub mod cmd;
pub mod corpus;
pub mod engine;
pub mod error;
pub mod game;
pub mod harden;
pub mod input;
pub mod judge;
pub mod jury;
pub mod output;
pub mod package;
pub mod probe;
pub mod report;
pub mod rules;
pub mod solutions;
pub mod suite;
