//! Inputs of a problem schema (a user's own problem, `[input]` of its `problem.toml`): made
//! at random and as the adversarial maximum ([`gen`]), with many test cases in one input
//! ([`cases`]), enumerated up to a size for
//! exploring a game ([`enumerate`]), and shrunk structure-aware ([`shrink`]). The same
//! three jobs as `crate::gen`, `crate::exhaust` and `crate::shrink` do for the built-in
//! games, over a schema's instances instead of positions.

pub mod cases;
pub mod enumerate;
pub mod gen;
pub mod shrink;
