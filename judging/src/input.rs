//! Reading one input (a file or standard input) and turning parse errors into the
//! `FILE: line L: …` messages every command prints before exiting with code 2.
//!
//! What is read is bounded: at most [`MAX_INPUT`] bytes, and from a stream (a pipe) the
//! input read so far is parsed at 64 MiB, 128 MiB, … so that an endless stream of tokens
//! (`yes 1 | grundy solve cut`) stops at the first token after a complete input instead
//! of filling the memory. Inputs below 64 MiB are parsed once, as before.

use grundy_games::{ErrorKind, InputError, Position, Problem};
use std::io::Read;
use std::path::Path;

/// The most bytes of input grundy reads (a 2·10^7-vertex chain is about 360 MB).
pub const MAX_INPUT: usize = 512 << 20;

/// The first size at which a streamed input is parsed before it ends.
const FIRST_CHECK: usize = 64 << 20;

/// An input that could not be read or parsed; displayed as `SOURCE: line L: …`.
#[derive(Debug)]
pub struct BadInput(pub String);

impl std::fmt::Display for BadInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

/// Formats a parse error with the source name.
pub fn describe(source: &str, e: &InputError) -> BadInput {
    BadInput(format!("{source}: {e}"))
}

fn too_large(source: &str) -> BadInput {
    BadInput(format!(
        "{source}: the input is larger than {} MiB, the most grundy reads",
        MAX_INPUT >> 20
    ))
}

/// Reads `reader` to its end (at most [`MAX_INPUT`] bytes); from the first checkpoint on,
/// `early` is asked at every doubling whether the prefix read so far is already decided
/// (`Some(error)` ends the reading with that error).
fn read_bounded(
    mut reader: impl Read,
    source: &str,
    early: impl Fn(&[u8]) -> Option<BadInput>,
) -> Result<Vec<u8>, BadInput> {
    let mut buf = Vec::new();
    let mut check_at = FIRST_CHECK;
    let mut chunk = vec![0u8; 1 << 20];
    loop {
        let k = match reader.read(&mut chunk) {
            Ok(0) => return Ok(buf),
            Ok(k) => k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(BadInput(format!("{source}: cannot read: {e}"))),
        };
        if buf.len() + k > MAX_INPUT {
            return Err(too_large(source));
        }
        buf.extend_from_slice(&chunk[..k]);
        if buf.len() >= check_at {
            check_at = check_at.saturating_mul(2);
            // Parse up to the last white space (a token may be cut by the read).
            let end = buf
                .iter()
                .rposition(|b| b.is_ascii_whitespace())
                .map_or(0, |i| i + 1);
            if let Some(e) = early(&buf[..end]) {
                return Err(e);
            }
        }
    }
}

/// Reads and parses an input of `problem` (strictly against the statement when `strict`)
/// from `path`, or standard input for `None` or `-`.
pub fn load(
    problem: Problem,
    path: Option<&Path>,
    strict: bool,
) -> Result<Vec<Position>, BadInput> {
    let (buf, source) = read(problem, path, strict)?;
    parse(problem, &buf, &source, strict)
}

/// Parses `buf`, read from `source`, as an input of `problem`.
pub fn parse(
    problem: Problem,
    buf: &[u8],
    source: &str,
    strict: bool,
) -> Result<Vec<Position>, BadInput> {
    problem.parse(buf, strict).map_err(|e| describe(source, &e))
}

/// Reads an input of `problem` from `path` (standard input for `None` or `-`), bounded
/// and stopped early as [`load`] says; the bytes and the name of their source.
pub fn read(
    problem: Problem,
    path: Option<&Path>,
    strict: bool,
) -> Result<(Vec<u8>, String), BadInput> {
    Ok(match path {
        None => read_stdin(problem, strict)?,
        Some(p) if p == Path::new("-") => read_stdin(problem, strict)?,
        Some(p) => {
            let name = p.display().to_string();
            let cannot = |e: std::io::Error| BadInput(format!("{name}: cannot read: {e}"));
            let file = std::fs::File::open(p).map_err(cannot)?;
            let meta = file.metadata().map_err(cannot)?;
            if meta.is_dir() {
                return Err(BadInput(format!("{name}: is a folder, not an input file")));
            }
            if meta.is_file() && meta.len() > MAX_INPUT as u64 {
                return Err(too_large(&name));
            }
            let buf = read_bounded(file, &name, |prefix| {
                decided(problem, strict, prefix, &name)
            })?;
            (buf, name)
        }
    })
}

fn read_stdin(problem: Problem, strict: bool) -> Result<(Vec<u8>, String), BadInput> {
    let source = "<stdin>".to_string();
    let buf = read_bounded(std::io::stdin().lock(), &source, |prefix| {
        decided(problem, strict, prefix, &source)
    })?;
    Ok((buf, source))
}

/// The error a prefix of the input already shows, if any: tokens after a complete input,
/// or any error other than the input ending too early (which more input may fix).
fn decided(problem: Problem, strict: bool, prefix: &[u8], source: &str) -> Option<BadInput> {
    match problem.parse(prefix, strict) {
        Err(e) if e.kind() != ErrorKind::UnexpectedEnd => Some(describe(source, &e)),
        _ => None,
    }
}

/// Reads `path` (or standard input for `None` or `-`) whole, bounded by [`MAX_INPUT`], for
/// parsers that are not a built-in problem's (problem packages).
pub fn read_raw(path: Option<&Path>) -> Result<(Vec<u8>, String), BadInput> {
    match path {
        None => Ok((
            read_bounded(std::io::stdin().lock(), "<stdin>", |_| None)?,
            "<stdin>".into(),
        )),
        Some(p) if p == Path::new("-") => read_raw(None),
        Some(p) => {
            let name = p.display().to_string();
            let file = std::fs::File::open(p)
                .map_err(|e| BadInput(format!("{name}: cannot read: {e}")))?;
            Ok((read_bounded(file, &name, |_| None)?, name))
        }
    }
}
