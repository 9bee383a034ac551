//! Differential machinery shared by every front end (the campaign, `exhaust`, the corpus
//! replay, `grundy check` and the cargo-fuzz targets): random generators, the per-game
//! `check` that compares the solver with the oracle, exhaustive enumeration of small
//! positions, and the structure-aware shrinker. As in wasmtime's `crates/fuzzing`, the
//! fuzz targets are a few lines of glue over this library.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod any;
pub mod campaign;
pub mod census;
pub mod compare;
pub mod contest;
pub mod corpus;
pub mod exhaust;
pub mod families;
pub mod gen;
pub mod growth;
pub mod mutants;
pub mod pool;
pub mod rng;
pub mod room;
pub mod rules_fuzz;
pub mod schema;
pub mod shrink;
#[cfg(feature = "arbitrary")]
pub mod targets;

pub use rng::Rng;
