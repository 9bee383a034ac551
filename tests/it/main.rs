//! grundy's integration tests, as one test binary (one link of the whole crate, not one
//! per file): each module is one suite. The judged programs live in tests/solutions/ and
//! tests/evil/, the shared test data in tests/data/.

mod common;

mod campaign;
mod check;
mod cli;
mod corpus;
mod evil;
mod growth;
mod import;
mod packages;
