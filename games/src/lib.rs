//! The game model of grundy: positions of the five games, their answers, and every input
//! and output format (native and contest), with validation that names the offending line.
//!
//! Both answer engines (the fast `grundy-solver` and the exhaustive `grundy-oracle`) and
//! the harness speak these types; nothing here computes a Grundy value.

#![deny(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "arbitrary")]
pub mod arbitrary;
pub mod board;
pub mod bound;
pub mod checker;
pub mod christmas;
pub mod edit;
pub mod error;
pub mod format;
pub mod game;
pub mod graph;
pub mod input_bounds;
pub mod kind;
pub mod layout;
pub mod native;
pub mod peel;
pub mod position;
pub mod prefetch;
pub mod problem;
pub mod scan;
pub mod schema;
pub mod statement;
pub mod suggest;
#[cfg(any(test, feature = "testdata"))]
pub mod testdata;
pub mod tree;

pub use error::{ErrorKind, InputError};
pub use graph::Graph;
pub use input_bounds::InputBounds;
pub use position::*;
pub use problem::Problem;
pub use tree::Tree;
