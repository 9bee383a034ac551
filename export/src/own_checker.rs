//! grundy's own checker, written into an export where the judge has no comparison of its
//! own that judges as grundy does: answers compared as unordered tokens or as floats
//! within tolerances, and answers with several right forms (`answer =
//! "any-winning-move"`) — one winning move of many, which a judge comparing outputs would
//! reject.
//!
//! Two twins of one checker, both with testlib's convention (`checker INPUT OUTPUT
//! ANSWER`, exit 0/1/2/3): `grundy_checker.py` (plain Python 3: the Kattis and DOMjudge
//! output validator, the plain layout) and `polygon_checker.cpp` (testlib: Polygon). A
//! winning move is judged from a table of every test's moves, computed from the game's
//! rules when the tests are written (`winning-moves.txt`, or inside the C++ source): the
//! checker finds a test by its input's FNV-1a hash. It judges exactly the tests written
//! with it; another input is the checker's failure (exit 3), never a verdict.

use crate::file::File;
use grundy_games::checker::Compare;
use grundy_judging::error::Error;
use grundy_judging::package::Checker;
use grundy_judging::rules_game::AnswerKind;
use grundy_judging::suite::Packaged;
use std::fmt::Write as _;

/// The Python checker; its mode is written at `# GRUNDY_MODE`.
const CHECKER_PY: &str = include_str!("grundy_checker.py");
/// The testlib checker; its mode at `// GRUNDY_MODE`.
const CHECKER_CPP: &str = include_str!("polygon_checker.cpp");

/// What grundy's own checker does for a package.
pub(crate) enum Own {
    /// Compares with the answer file.
    Compare(Compare),
    /// Judges a winning move by the table of the tests' moves: the `none` word and the
    /// table's text.
    Moves { none: String, table: String },
    /// Lets the interactor's verdict stand (an interactive package: the interactor
    /// judged the game; what it wrote is accepted).
    Interactive,
}

/// FNV-1a (64 bits) of a test's input, as the checkers compute it: the key of its moves.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The checker a package's export needs from grundy, given the inputs of its tests:
/// `None` when the package has a checker program (exported as written).
pub(crate) fn for_package(pkg: &Packaged, inputs: &[&str]) -> Result<Option<Own>, Error> {
    if pkg.pkg.interact.is_some() {
        return Ok(Some(Own::Interactive));
    }
    let how = match &pkg.pkg.checker {
        Checker::Program(_) => return Ok(None),
        Checker::Builtin(how) => *how,
    };
    let Some(game) = pkg
        .prep
        .rules
        .as_ref()
        .filter(|g| g.spec.answer == AnswerKind::AnyWinningMove)
    else {
        return Ok(Some(Own::Compare(how)));
    };
    let mut table = String::from(
        "# The moves of every test, computed by grundy from the game's rules: `test HASH CASES`\n# (the input's FNV-1a), then per case `case MOVES` and its moves, `W` winning, `L` not.\n",
    );
    for input in inputs {
        let inst = pkg
            .pkg
            .schema
            .read(input.as_bytes())
            .map_err(|e| Error::internal(format!("a test does not meet the schema: {e}")))?;
        let results = game
            .solve_input(&pkg.pkg.schema, &inst, input)
            .map_err(|e| Error::usage(format!("{}: the rules: {}", pkg.pkg.dir.display(), e.0)))?;
        let _ = writeln!(
            table,
            "test {:016x} {}",
            fnv1a(input.as_bytes()),
            results.len()
        );
        for r in results.iter() {
            let _ = writeln!(table, "case {}", r.moves.len());
            for m in &r.moves {
                let label = tokens(m);
                let w = if r.winning.iter().any(|x| tokens(x) == label) {
                    'W'
                } else {
                    'L'
                };
                let _ = writeln!(table, "{w} {label}");
            }
        }
    }
    Ok(Some(Own::Moves {
        none: game.spec.none.clone(),
        table,
    }))
}

/// A move's label as the checkers compare it: its tokens, one space apart.
fn tokens(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The Python checker (`DIR/checker.py`) and, for winning moves, its table
/// (`DIR/winning-moves.txt`); `dir` empty: the files at the top.
pub(crate) fn python(own: &Own, dir: &str) -> Vec<File> {
    let at = |f: &str| {
        if dir.is_empty() {
            f.to_string()
        } else {
            format!("{dir}/{f}")
        }
    };
    let mode = match own {
        Own::Compare(how) => {
            let (mode, abs, rel) = mode_of(*how);
            format!(
                "MODE = \"{}\"\nABS, REL = {abs:e}, {rel:e}\nNONE = \"\"",
                mode.to_lowercase()
            )
        }
        Own::Moves { none, .. } => format!(
            "MODE = \"moves\"\nABS, REL = 0.0, 0.0\nNONE = {}",
            python_string(none)
        ),
        Own::Interactive => "MODE = \"interactive\"\nABS, REL = 0.0, 0.0\nNONE = \"\"".into(),
    };
    let mut out = vec![File {
        path: at("checker.py"),
        bytes: CHECKER_PY.replace("# GRUNDY_MODE", &mode).into_bytes(),
        executable: false,
    }];
    if let Own::Moves { table, .. } = own {
        out.push(File {
            path: at("winning-moves.txt"),
            bytes: table.clone().into_bytes(),
            executable: false,
        });
    }
    out
}

/// The testlib checker's source (one file: a winning-move table is written into it).
pub(crate) fn testlib(own: &Own) -> String {
    let (mode, abs, rel, none, table) = match own {
        Own::Compare(how) => {
            let (mode, abs, rel) = mode_of(*how);
            (mode, abs, rel, "", "")
        }
        Own::Moves { none, table } => ("MOVES", 0.0, 0.0, none.as_str(), table.as_str()),
        Own::Interactive => ("INTERACTIVE", 0.0, 0.0, "", ""),
    };
    CHECKER_CPP.replace(
        "// GRUNDY_MODE",
        &format!(
            "enum {{ LINES, TOKENS, FLOATS, UNORDERED, MOVES, INTERACTIVE }};\nstatic const int MODE = {mode};\nstatic const double ABS = {abs:e}, REL = {rel:e};\nstatic const char *NONE = {};\nstatic const char *TABLE = R\"grundy_table({table})grundy_table\";",
            c_string(none)
        ),
    )
}

/// The checker's mode for a comparison, and its tolerances.
fn mode_of(how: Compare) -> (&'static str, f64, f64) {
    match how {
        Compare::Lines => ("LINES", 0.0, 0.0),
        Compare::Tokens => ("TOKENS", 0.0, 0.0),
        Compare::Floats { abs, rel } => ("FLOATS", abs, rel),
        Compare::Unordered => ("UNORDERED", 0.0, 0.0),
    }
}

/// A Python string literal of `s`.
fn python_string(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())
}

/// A C string literal of `s` (JSON's escapes are C's for the characters a word holds).
fn c_string(s: &str) -> String {
    python_string(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_fnv1a_64() {
        // The published test vectors of FNV-1a, 64 bits.
        assert_eq!(fnv1a(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x85944171f73967e8);
    }

    #[test]
    fn the_mode_is_written_into_both_checkers() {
        let own = Own::Moves {
            none: "-1".into(),
            table: "test 00 1\ncase 0\n".into(),
        };
        let py = String::from_utf8(python(&own, "v")[0].bytes.clone()).unwrap();
        assert!(py.contains("MODE = \"moves\"\n") && py.contains("NONE = \"-1\""));
        let cpp = testlib(&own);
        assert!(cpp.contains("static const int MODE = MOVES;"));
        assert!(cpp.contains("R\"grundy_table(test 00 1\ncase 0\n)grundy_table\""));
        let floats = testlib(&Own::Compare(Compare::Floats {
            abs: 1e-6,
            rel: 1e-9,
        }));
        assert!(floats.contains("ABS = 1e-6, REL = 1e-9;"), "{floats}");
    }
}
