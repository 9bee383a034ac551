//! The end-to-end tests of grundy, one test binary (one build, one link) with one shared
//! helper module (`tests/common`): the command line (`cli`), `grundy check` (`check`),
//! containment of hostile programs (`evil`), problem packages and interactive problems
//! (`packages`), campaigns (`campaign`), the corpus replay (`corpus`) and `grundy import`
//! (`import`). The growth measurements (`tests/growth.rs`) are a binary of their own: they
//! time programs and need the machine to themselves, which a binary running its tests one
//! at a time gives them.

#[path = "../common/mod.rs"]
mod common;

mod browser;
mod campaign;
mod check;
mod cli;
mod corpus;
mod docs;
mod evil;
mod import;
mod languages;
mod packages;
mod play;
mod sandbox;
mod scaffold;
mod statements;
mod validators;
