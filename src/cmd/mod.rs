//! One module per command; each returns `Result<Outcome, Error>` (see [`grundy_judging::error`]).

pub mod check;
pub mod exhaust;
pub mod fuzz;
pub mod harden;
pub mod import;
pub mod languages;
pub mod new;
pub mod package;
pub mod play;
pub mod replay;
pub mod selftest;
pub mod solve;
pub mod testset;
pub mod tle;
pub mod values;

pub use grundy_judging::output::{indent, summary};
