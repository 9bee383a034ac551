//! Differential machinery shared by every front end (the campaign, `exhaust`, the corpus
//! replay, `grundy check` and the cargo-fuzz targets): random generators, the one
//! comparison of the solver with the oracle ([`compare`]), exhaustive enumeration of
//! small positions and its check ([`exhaust`], [`exhaustive`]), the structure-aware
//! shrinker, a schema's inputs ([`schema`]), and the functions over any game ([`any`])
//! that dispatch to each game's [`room`]. As in wasmtime's `crates/fuzzing`, the
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
pub mod exhaustive;
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
