//! The shared test data of malformed inputs and outputs (`games/testdata/bad.toml`),
//! replayed here against the parser and the output shape check; `tests/cli.rs` replays the
//! same file through the command line.

use serde::Deserialize;

/// The file's cases.
#[derive(Deserialize)]
pub struct Bad {
    /// Malformed inputs.
    pub input: Vec<BadInput>,
    /// Outputs of the wrong shape.
    pub output: Vec<BadOutput>,
}

/// A malformed input and the error it must get.
#[derive(Deserialize)]
pub struct BadInput {
    /// The problem's name.
    pub problem: String,
    /// Read by the validator (the statement's constraints) rather than `grundy solve`.
    #[serde(default)]
    pub strict: bool,
    /// The input.
    pub text: String,
    /// A part of the error message.
    pub error: String,
}

/// An output of the wrong shape for a valid input, and the error it must get.
#[derive(Deserialize)]
pub struct BadOutput {
    /// The problem's name.
    pub problem: String,
    /// A valid input.
    pub input: String,
    /// The output.
    pub text: String,
    /// A part of the error message.
    pub error: String,
}

/// The test data file.
pub const BAD: &str = include_str!("../testdata/bad.toml");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{format, Problem};

    fn cases() -> Bad {
        toml::from_str(BAD).expect("testdata/bad.toml parses")
    }

    #[test]
    fn every_malformed_input_gets_its_error() {
        let bad = cases();
        assert!(bad.input.len() >= 25);
        for case in &bad.input {
            let problem = Problem::from_name(&case.problem).expect("a problem");
            let e = problem
                .parse(case.text.as_bytes(), case.strict)
                .expect_err(&case.text);
            let message = e.to_string();
            assert!(
                message.contains(&case.error),
                "{} {:?}: {message}",
                case.problem,
                case.text
            );
        }
    }

    #[test]
    fn every_output_of_the_wrong_shape_gets_its_error() {
        let bad = cases();
        assert!(bad.output.len() >= 10);
        for case in &bad.output {
            let problem = Problem::from_name(&case.problem).expect("a problem");
            let cases = problem
                .parse(case.input.as_bytes(), true)
                .expect(&case.input);
            let e = format::check(problem, &cases, case.text.as_bytes()).expect_err(&case.text);
            assert!(
                e.contains(&case.error),
                "{} {:?}: {e}",
                case.problem,
                case.text
            );
        }
    }
}
