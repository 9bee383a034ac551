//! A game given by its rules, explored before anything about it is proved or judged:
//! [`values`] (`grundy values`: every small input valued by the rules, tabled, and the
//! one-parameter families with the periods they show) and [`play`] (`grundy play`: a page
//! served on localhost where a person plays against grundy's jury).
//!
//! It imports `grundy-judging` (the rules' workers, the jury, the page's frame) and the
//! crates below; nothing imports it but the binary.

#![deny(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

pub mod play;
pub mod values;
