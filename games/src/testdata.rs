//! The shared test data, in the style of the regex crate: one data file replayed against
//! every reader of it.
//!
//! * `games/testdata/bad.toml`: malformed inputs and outputs of the built-in problems,
//!   replayed here against the parser and the output shape check, and by `tests/e2e/cli.rs`
//!   through the command line;
//! * `games/testdata/hand_verified.toml`: small positions of every game with answers worked
//!   out by hand (and the reasoning), replayed by the fuzzing crate against the oracle and
//!   the solver, and by `tests/e2e/cli.rs` through `grundy solve`;
//! * `games/testdata/schemas.toml`: problem schemas with valid and malformed inputs and
//!   refused specs, replayed here against [`Schema`](crate::schema::Schema), and by the
//!   fuzzing crate's campaign gate (generate, write, read back, shrink).

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

/// The hand-verified answers.
pub const HAND_VERIFIED: &str = include_str!("../testdata/hand_verified.toml");

/// `hand_verified.toml`: positions with answers worked out by hand.
#[derive(Deserialize)]
pub struct HandVerified {
    /// The cases.
    pub case: Vec<HandCase>,
}

/// One hand-verified position.
#[derive(Deserialize)]
pub struct HandCase {
    /// The game's id (its native format).
    pub game: String,
    /// The reasoning behind the answers.
    pub why: String,
    /// The position in the game's native input format.
    pub input: String,
    /// The expected native output (every query), when worked out.
    pub output: Option<String>,
    /// The misère outcome of each layout, when worked out.
    pub misere: Option<Vec<bool>>,
}

/// The schema test data file.
pub const SCHEMAS: &str = include_str!("../testdata/schemas.toml");

/// `schemas.toml`: schemas with their inputs, and specs that must be refused.
#[derive(Deserialize)]
pub struct Schemas {
    /// Schemas that must be accepted.
    pub schema: Vec<SchemaCase>,
    /// Specs that must be refused.
    pub spec: Vec<BadSpec>,
}

/// A schema and inputs of it.
#[derive(Deserialize)]
pub struct SchemaCase {
    /// A name for messages.
    pub name: String,
    /// The spec, TOML as in a package's `problem.toml`.
    pub spec: String,
    /// Valid inputs, each in the layout `Schema::write` prints.
    pub valid: Vec<ValidSchemaInput>,
    /// Malformed inputs.
    pub bad: Vec<BadSchemaInput>,
}

/// A valid input of a schema and what the schema says of its size.
#[derive(Deserialize)]
pub struct ValidSchemaInput {
    /// The input.
    pub text: String,
    /// `Schema::size` of it.
    pub size: usize,
    /// `Schema::vertices` of it.
    pub vertices: usize,
}

/// A malformed input of a schema and the error it must get.
#[derive(Deserialize)]
pub struct BadSchemaInput {
    /// The input.
    pub text: String,
    /// The line the error names.
    pub line: usize,
    /// A part of the error message.
    pub error: String,
}

/// A spec that must be refused.
#[derive(Deserialize)]
pub struct BadSpec {
    /// The spec.
    pub text: String,
    /// A part of the error message.
    pub error: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{format, Problem};

    fn cases() -> Bad {
        toml::from_str(BAD).expect("testdata/bad.toml parses")
    }

    #[test]
    fn every_hand_verified_case_is_a_valid_input_with_something_to_check() {
        let data: HandVerified = toml::from_str(HAND_VERIFIED).expect("hand_verified.toml");
        for game in crate::Game::ALL {
            assert!(
                data.case
                    .iter()
                    .any(|c| c.game == game.name() && c.output.is_some()),
                "no hand-verified answer of {}",
                game.name()
            );
        }
        for c in &data.case {
            let problem = Problem::from_name(&c.game).expect("a game's id");
            let cases = problem.parse(c.input.as_bytes(), true).expect(&c.input);
            assert_eq!(cases.len(), 1, "{}", c.input);
            assert!(c.output.is_some() || c.misere.is_some(), "{}", c.why);
            if let Some(out) = &c.output {
                format::check(problem, &cases, out.as_bytes()).expect(out);
            }
        }
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
                e.0.contains(&case.error),
                "{} {:?}: {e}",
                case.problem,
                case.text
            );
        }
    }

    use crate::schema::{Schema, SchemaSpec, Value};

    fn schema(name: &str, spec: &str) -> Schema {
        let spec: SchemaSpec = toml::from_str(spec).unwrap_or_else(|e| panic!("{name}: {e}"));
        Schema::new(&spec).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    fn schemas() -> Schemas {
        toml::from_str(SCHEMAS).expect("testdata/schemas.toml parses")
    }

    #[test]
    fn every_valid_schema_input_reads_and_is_written_back_byte_for_byte() {
        let data = schemas();
        assert!(data.schema.len() >= 8);
        for case in &data.schema {
            let s = schema(&case.name, &case.spec);
            for v in &case.valid {
                let inst = s
                    .read(v.text.as_bytes())
                    .unwrap_or_else(|e| panic!("{} {:?}: {e}", case.name, v.text));
                assert_eq!(s.write(&inst), v.text, "{}", case.name);
                assert_eq!(s.size(&inst), v.size, "{} {:?}: size", case.name, v.text);
                assert_eq!(
                    s.vertices(&inst),
                    v.vertices,
                    "{} {:?}: vertices",
                    case.name,
                    v.text
                );
            }
        }
    }

    #[test]
    fn every_malformed_schema_input_gets_its_error_on_its_line() {
        let data = schemas();
        for case in &data.schema {
            let s = schema(&case.name, &case.spec);
            for b in &case.bad {
                let e = s.read(b.text.as_bytes()).expect_err(&b.text);
                let message = e.to_string();
                assert!(
                    message.contains(&b.error) && e.line() == b.line,
                    "{} {:?}: expected line {} and {:?}, got {message}",
                    case.name,
                    b.text,
                    b.line,
                    b.error
                );
            }
        }
    }

    #[test]
    fn every_refused_spec_gets_its_error() {
        let data = schemas();
        assert!(data.spec.len() >= 30);
        for b in &data.spec {
            let spec: SchemaSpec = toml::from_str(&b.text).unwrap_or_else(|e| panic!("{e}"));
            let e = Schema::new(&spec).expect_err(&b.text);
            assert!(e.0.contains(&b.error), "{:?}: {e}", b.text);
        }
    }

    /// `sync_counts` sets every count from what it counts: wrong counts written over the
    /// right ones come back right, and the other integers are left alone.
    #[test]
    fn counts_are_synced_from_the_structures_they_count() {
        let data = schemas();
        for case in &data.schema {
            let s = schema(&case.name, &case.spec);
            let counts = s.counts();
            for v in &case.valid {
                let right = s.read(v.text.as_bytes()).expect("valid");
                let mut wrong = right.clone();
                let mut changed = 0;
                for c in &mut wrong.cases {
                    for (it, val) in s.items.iter().zip(c.values.iter_mut()) {
                        if let (crate::schema::Item::Ints(names), Value::Ints(xs)) = (it, val) {
                            for (name, x) in names.iter().zip(xs.iter_mut()) {
                                if counts.contains(&name.as_str()) {
                                    *x += 7;
                                    changed += 1;
                                }
                            }
                        }
                    }
                    s.sync_counts(c);
                }
                assert_eq!(wrong, right, "{} {:?}", case.name, v.text);
                assert!(changed > 0 || counts.is_empty(), "{}", case.name);
            }
        }
    }

    #[test]
    fn counts_name_what_the_structures_count() {
        let data = schemas();
        let named: Vec<(String, Vec<String>)> = data
            .schema
            .iter()
            .map(|c| {
                let s = schema(&c.name, &c.spec);
                let counts = s.counts().iter().map(|n| n.to_string()).collect();
                (c.name.clone(), counts)
            })
            .collect();
        let of = |name: &str| &named.iter().find(|(n, _)| n == name).expect(name).1;
        assert_eq!(of("weighted-tree"), &["n"]);
        assert_eq!(of("simple-connected-graph"), &["n", "m"]);
        assert_eq!(of("tree-array-and-tagged-queries"), &["n", "n", "q"]);
        assert_eq!(of("an-array-alone"), &["len"]);
    }
}
