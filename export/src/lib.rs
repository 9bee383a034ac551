//! The exports of grundy: a problem package (`grundy-judging`'s [`Package`]) written as
//! the judges take it, with one entry, [`testset::run`] (`grundy testset`).
//!
//! - [`testset`]: the test set — random tests, the adversarial maximum inputs and each
//!   wrong solution's witness, judged by every solution — written in a judge's layout;
//!   [`testset_html`] its page;
//! - [`kattis`]: the Kattis / ICPC package (problem.yaml, the folder named by the short
//!   name, a uuid written once, the submissions, DOMjudge's ini and zip), with its
//!   statement ([`kattis_statement`]);
//! - [`polygon`]: the Polygon package (problem.xml, testlib checker and validator), with
//!   its statement in Polygon's sections;
//! - the programs that travel with them: the input validator (`input_validator`),
//!   grundy's own checker for answers with several right forms (`own_checker`), an
//!   interactor behind each judge's adaptor (`interactive_export`);
//! - `rejudge`: the export judging itself — every accepted output re-judged by
//!   the checker as written.
//!
//! It may import every crate below it (`grundy-judging` and what that imports); nothing
//! imports it but the binary.
//!
//! [`Package`]: grundy_judging::package::Package

#![deny(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

pub(crate) mod file;
pub mod input_validator;
pub(crate) mod interactive_export;
pub mod kattis;
pub mod kattis_statement;
pub mod layout;
pub(crate) mod own_checker;
pub mod polygon;
pub(crate) mod polygon_statement;
pub(crate) mod rejudge;
pub mod testset;
pub mod testset_html;
