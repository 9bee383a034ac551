//! The problems `grundy` reads: the four contest problems of `docs/SPEC.md` §3 and the five native
//! game formats. A problem knows how to parse its input (leniently for `solve`, or exactly
//! against its statement for the validator), print an input, and print answers.

use crate::error::Result;
use crate::input_bounds::InputBounds;
use crate::native;
use crate::position::{Answer, Game, Position};
use crate::scan::Scanner;
use std::sync::OnceLock;

/// A contest problem or a native game format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Problem {
    /// AtCoder AGC017 D, Game on Tree (`cut`).
    Agc017d,
    /// SPOJ 11414 COT3, Combat on a tree (`paint`).
    Cot3,
    /// POJ 3710, Christmas Game (`hackenbush`, several test cases).
    Poj3710,
    /// USACO 2010 Holiday Gold Rocks and Trees, Luogu P2972 (`staircase`).
    P2972,
    /// A native game format.
    Native(Game),
}

impl Problem {
    /// The contest problems.
    pub const CONTEST: [Problem; 4] = [
        Problem::Agc017d,
        Problem::Cot3,
        Problem::Poj3710,
        Problem::P2972,
    ];

    /// Every problem: the contest problems, then every game's native format.
    pub const ALL: [Problem; 4 + Game::ALL.len()] = {
        let mut all = [Problem::Agc017d; 4 + Game::ALL.len()];
        let mut i = 0;
        while i < all.len() {
            all[i] = if i < 4 {
                Problem::CONTEST[i]
            } else {
                Problem::Native(Game::ALL[i - 4])
            };
            i += 1;
        }
        all
    };

    /// The id used on the command line and as the corpus folder.
    pub fn name(self) -> &'static str {
        match self {
            Problem::Agc017d => "agc017d",
            Problem::Cot3 => "cot3",
            Problem::Poj3710 => "poj3710",
            Problem::P2972 => "p2972",
            Problem::Native(g) => g.name(),
        }
    }

    /// The problem with this id.
    pub fn from_name(name: &str) -> Option<Problem> {
        Problem::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The game behind the problem.
    pub fn game(self) -> Game {
        match self {
            Problem::Agc017d => Game::Cut,
            Problem::Cot3 => Game::Paint,
            Problem::Poj3710 => Game::Hackenbush,
            Problem::P2972 => Game::Staircase,
            Problem::Native(g) => g,
        }
    }

    /// True for the four contest problems.
    pub fn is_contest(self) -> bool {
        !matches!(self, Problem::Native(_))
    }

    /// The package text of a contest problem (`None` for a native format).
    pub fn package_text(self) -> Option<&'static str> {
        Some(match self {
            Problem::Agc017d => include_str!("../../problems/agc017d/problem.toml"),
            Problem::Cot3 => include_str!("../../problems/cot3/problem.toml"),
            Problem::Poj3710 => include_str!("../../problems/poj3710/problem.toml"),
            Problem::P2972 => include_str!("../../problems/p2972/problem.toml"),
            Problem::Native(_) => return None,
        })
    }

    /// The exact constraints of the statement (what the validator enforces), as
    /// `problems/NAME/problem.toml` states them ([`crate::statement`]); lenient for a native
    /// format.
    pub fn strict_limits(self) -> InputBounds {
        static PARSED: OnceLock<[InputBounds; 4]> = OnceLock::new();
        let all = PARSED.get_or_init(|| {
            [
                Problem::Agc017d,
                Problem::Cot3,
                Problem::Poj3710,
                Problem::P2972,
            ]
            .map(|p| {
                let text = p.package_text().expect("a contest problem");
                // The embedded files are checked by this module's tests.
                crate::statement::parse(text)
                    .unwrap_or_else(|e| panic!("problems/{}/problem.toml: {e}", p.name()))
                    .unwrap_or(InputBounds::LENIENT)
            })
        });
        match self {
            Problem::Agc017d => all[0],
            Problem::Cot3 => all[1],
            Problem::Poj3710 => all[2],
            Problem::P2972 => all[3],
            Problem::Native(_) => InputBounds::LENIENT,
        }
    }

    /// Parses an input. With `strict`, every constraint of the statement is enforced (the
    /// validator); otherwise any structurally valid input is accepted (`grundy solve`).
    /// Returns one position per test case (several only for `poj3710`).
    pub fn parse(self, input: &[u8], strict: bool) -> Result<Vec<Position>> {
        let limits = if strict {
            self.strict_limits()
        } else {
            InputBounds::LENIENT
        };
        let mut s = Scanner::new(input);
        let mut cases = Vec::new();
        if self == Problem::Poj3710 {
            // Test cases until the end of input; at least one.
            loop {
                cases.push(native::read_position(self.game(), &mut s, &limits)?);
                if s.at_end() {
                    break;
                }
            }
        } else {
            cases.push(native::read_position(self.game(), &mut s, &limits)?);
        }
        s.finish()?;
        Ok(cases)
    }

    /// Prints an input of this problem holding the given test cases.
    pub fn write_input(self, cases: &[Position]) -> String {
        let mut out = String::new();
        for case in cases {
            native::write_position(&mut out, case);
        }
        out
    }

    /// Prints the expected output for the answers of the test cases.
    pub fn write_output(self, answers: &[Answer]) -> Vec<u8> {
        let mut out = Vec::new();
        for answer in answers {
            match (self, answer) {
                (Problem::Agc017d, a) => {
                    out.extend_from_slice(if a.value() != 0 { b"Alice\n" } else { b"Bob\n" })
                }
                (Problem::Poj3710, a) => out.extend_from_slice(if a.value() != 0 {
                    b"Sally\n"
                } else {
                    b"Harry\n"
                }),
                (Problem::Cot3, Answer::Paint(a)) => {
                    if a.winning.is_empty() {
                        out.extend_from_slice(b"-1\n");
                    }
                    for &v in &a.winning {
                        native::push_u64(&mut out, u64::from(v) + 1);
                        out.push(b'\n');
                    }
                }
                (Problem::P2972, Answer::Staircase(a)) => {
                    for &v in &a.values[1..] {
                        out.extend_from_slice(if v != 0 { b"Yes\n" } else { b"No\n" });
                    }
                }
                (_, a) => native::write_answer(&mut out, a),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every built-in package states its constraints, and they parse.
    #[test]
    fn every_contest_problem_states_its_constraints() {
        for p in [
            Problem::Agc017d,
            Problem::Cot3,
            Problem::Poj3710,
            Problem::P2972,
        ] {
            let parsed = crate::statement::parse(p.package_text().unwrap()).unwrap();
            assert!(parsed.is_some(), "{}: no [statement]", p.name());
            assert_ne!(p.strict_limits(), InputBounds::LENIENT, "{}", p.name());
        }
        assert_eq!(
            Problem::strict_limits(Problem::Agc017d).vertices,
            (2, 100_000)
        );
        assert!(Problem::strict_limits(Problem::P2972).parent_below);
        assert!(Problem::strict_limits(Problem::Poj3710).christmas);
    }

    use crate::error::ErrorKind;

    #[test]
    fn names_round_trip() {
        for p in Problem::ALL {
            assert_eq!(Problem::from_name(p.name()), Some(p));
        }
    }

    #[test]
    fn strict_and_lenient() {
        let big = "3\n1 2\n2 3\n";
        assert!(Problem::Agc017d.parse(big.as_bytes(), true).is_ok());
        let e = Problem::Agc017d.parse(b"1\n", true).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::OutOfRange);
        assert!(Problem::Agc017d.parse(b"1\n", false).is_ok());
        let e = Problem::P2972
            .parse(b"3 1 5\n3 1\n1 1\n2 2\n", true)
            .unwrap_err();
        assert_eq!(e.line(), 2, "{e}");
        assert!(Problem::P2972
            .parse(b"3 1 5\n3 1\n1 1\n2 2\n", false)
            .is_ok());
    }

    #[test]
    fn poj3710_reads_until_eof() {
        let two = b"1\n2 1\n1 2\n2\n1 0\n2 2\n1 2\n2 1\n";
        assert_eq!(Problem::Poj3710.parse(two, true).unwrap().len(), 2);
    }

    #[test]
    fn errors_name_lines() {
        let e = Problem::Agc017d
            .parse(b"4\n1 2\n2 3\n3 1\n", false)
            .unwrap_err();
        assert_eq!((e.line(), e.kind()), (4, ErrorKind::NotATree));
        let e = Problem::Agc017d.parse(b"4\n1 2\n2 3\n", false).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::UnexpectedEnd);
        let e = Problem::Agc017d
            .parse(b"1000000000000000000\n", false)
            .unwrap_err();
        assert_eq!((e.line(), e.kind()), (1, ErrorKind::OutOfRange));
        let e = Problem::Cot3.parse(b"2\n0 2\n1 2\n", false).unwrap_err();
        assert_eq!(e.line(), 2);
    }
}
