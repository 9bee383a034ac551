//! Reading a whole input (a file or standard input) and turning parse errors into the
//! `FILE: line L: …` messages every command prints before exiting with code 2.

use grundy_games::{InputError, Position, Problem};
use std::io::Read;
use std::path::Path;

/// An input that could not be read or parsed; displayed as `SOURCE: line L: …`.
#[derive(Debug)]
pub struct BadInput(pub String);

impl std::fmt::Display for BadInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

/// Reads all of `path` (or standard input for `None` or `-`).
pub fn read_all(path: Option<&Path>) -> Result<(Vec<u8>, String), BadInput> {
    let mut buf = Vec::new();
    match path {
        None => {
            std::io::stdin()
                .lock()
                .read_to_end(&mut buf)
                .map_err(|e| BadInput(format!("<stdin>: cannot read: {e}")))?;
            Ok((buf, "<stdin>".into()))
        }
        Some(p) if p == Path::new("-") => read_all(None),
        Some(p) => {
            let name = p.display().to_string();
            let buf =
                std::fs::read(p).map_err(|e| BadInput(format!("{name}: cannot read: {e}")))?;
            Ok((buf, name))
        }
    }
}

/// Formats a parse error with the source name.
pub fn describe(source: &str, e: &InputError) -> BadInput {
    BadInput(format!("{source}: {e}"))
}

/// Reads and parses an input of `problem` (strictly against the statement when `strict`).
pub fn load(
    problem: Problem,
    path: Option<&Path>,
    strict: bool,
) -> Result<Vec<Position>, BadInput> {
    let (buf, source) = read_all(path)?;
    problem
        .parse(&buf, strict)
        .map_err(|e| describe(&source, &e))
}
