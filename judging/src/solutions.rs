//! A package's solutions with the verdict each is meant to get: `[[solutions]]` in
//! `problem.toml`, or, without that list, the files named `correct*` (expected OK),
//! `wrong*` (expected to fail, any verdict) and `slow*` (expected TLE).
//!
//! A setter keeps a main solution, other correct ones, and wrong ones each showing one
//! mistake; `grundy check DIR` with no program judges them all on one plan and says
//! whether the tests accept every correct one and kill every wrong one.

use crate::code::Code;
use crate::error::TableError;
use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// One verdict a solution may be expected to get.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tag {
    /// Every test passes.
    Ok,
    /// The first failing test gets this verdict (WA, PE, TLE, RE, MLE, OLE, UB), or the
    /// source does not compile (CE).
    Code(Code),
    /// Some test fails, with any verdict.
    Failing,
}

impl Tag {
    fn parse(s: &str) -> Result<Tag, TableError> {
        if s.trim().eq_ignore_ascii_case("failing") {
            return Ok(Tag::Failing);
        }
        match Code::parse(s) {
            Some(Code::Ok) => Ok(Tag::Ok),
            Some(c) => Ok(Tag::Code(c)),
            None => Err(TableError(format!(
                "`{s}` is not a verdict (expected OK, {} or failing)",
                Code::failures()
            ))),
        }
    }
}

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tag::Ok => write!(f, "OK"),
            Tag::Code(c) => write!(f, "{c}"),
            Tag::Failing => write!(f, "failing"),
        }
    }
}

/// What a solution is expected to get: any one of these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expect(pub Vec<Tag>);

impl Expect {
    /// True when a plan whose first failing test got `first_failure` (`None`: every
    /// test passed) meets the expectation.
    pub fn met(&self, first_failure: Option<&str>) -> bool {
        self.0.iter().any(|t| match (t, first_failure) {
            (Tag::Ok, None) => true,
            (Tag::Failing, Some(_)) => true,
            (Tag::Code(c), Some(v)) => c.as_str() == v,
            _ => false,
        })
    }

    /// True when the solution must fail somewhere (OK is not among the tags).
    pub fn must_fail(&self) -> bool {
        !self.0.contains(&Tag::Ok)
    }
}

impl fmt::Display for Expect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.0.iter().map(|t| t.to_string()).collect();
        write!(f, "{}", words.join(" or "))
    }
}

/// A solution of the package.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Its file.
    pub path: PathBuf,
    /// Its name in reports (the path inside the package).
    pub name: String,
    /// What it is expected to get.
    pub expect: Expect,
    /// Its language, when its extension is not to choose it (`lang = "pypy3"`).
    pub lang: Option<String>,
}

/// `[[solutions]]` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolutionToml {
    path: String,
    expect: Option<ExpectToml>,
    lang: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum ExpectToml {
    One(String),
    Any(Vec<String>),
}

/// The expectation a file's name gives (`correct*` OK, `wrong*` failing, `slow*` TLE).
fn by_name(name: &str) -> Option<Expect> {
    let stem = Path::new(name).file_name()?.to_str()?;
    if stem.starts_with("correct") {
        Some(Expect(vec![Tag::Ok]))
    } else if stem.starts_with("wrong") {
        Some(Expect(vec![Tag::Failing]))
    } else if stem.starts_with("slow") {
        Some(Expect(vec![Tag::Code(Code::Tle)]))
    } else {
        None
    }
}

/// A file grundy can run as a solution: a source of a language of the languages table,
/// a shell script, or an executable.
fn runnable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
    ext == "sh"
        || grundy_sandbox::language::table().is_ok_and(|t| t.for_file(p).is_some())
        || (p.is_file()
            && p.metadata()
                .is_ok_and(|m| m.permissions().mode() & 0o111 != 0))
}

/// The package's solutions: `[[solutions]]` when given, else the files of `dir` named
/// `correct*`, `wrong*` or `slow*` (sorted by name).
pub fn load(dir: &Path, listed: &[SolutionToml]) -> Result<Vec<Solution>, TableError> {
    if !listed.is_empty() {
        let mut out = Vec::new();
        // A compiled-in copy of a package (a built-in problem read from anywhere) has no
        // folder here: its solutions are only checked where the folder is.
        let here = dir.is_dir();
        for (k, s) in listed.iter().enumerate() {
            let at = format!("solutions[{}]", k + 1);
            let path = dir.join(&s.path);
            if here && !path.is_file() {
                return Err(format!("{at}: {} does not exist", path.display()).into());
            }
            let expect = match &s.expect {
                None => by_name(&s.path).ok_or_else(|| {
                    format!(
                        "{at}: `{}` needs `expect` (its name does not start with correct, wrong or slow)",
                        s.path
                    )
                })?,
                Some(ExpectToml::One(t)) => {
                    Expect(vec![Tag::parse(t).map_err(|e| format!("{at}.expect: {e}"))?])
                }
                Some(ExpectToml::Any(ts)) if ts.is_empty() => {
                    return Err(format!("{at}.expect: an empty list").into())
                }
                Some(ExpectToml::Any(ts)) => Expect(
                    ts.iter()
                        .map(|t| Tag::parse(t))
                        .collect::<Result<_, _>>()
                        .map_err(|e| format!("{at}.expect: {e}"))?,
                ),
            };
            if let Some(lang) = &s.lang {
                let table = grundy_sandbox::language::table().map_err(|e| TableError(e.0))?;
                if table.by_id(lang).is_none() {
                    return Err(format!(
                        "{at}.lang: no language `{lang}` (known: {})",
                        table.ids()
                    )
                    .into());
                }
            }
            out.push(Solution {
                path,
                name: s.path.clone(),
                expect,
                lang: s.lang.clone(),
            });
        }
        return Ok(out);
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(Vec::new());
    };
    let mut out: Vec<Solution> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let expect = by_name(&name)?;
            let path = e.path();
            runnable(&path).then_some(Solution {
                path,
                name,
                expect,
                lang: None,
            })
        })
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_expectation_is_met_by_the_first_failing_verdict() {
        let ok = Expect(vec![Tag::Ok]);
        assert!(ok.met(None) && !ok.met(Some("WA")));
        let wa = Expect(vec![Tag::Code(Code::Wa)]);
        assert!(wa.met(Some("WA")) && !wa.met(Some("TLE")) && !wa.met(None));
        let failing = Expect(vec![Tag::Failing]);
        assert!(failing.met(Some("RE")) && !failing.met(None));
        let either = Expect(vec![Tag::Ok, Tag::Code(Code::Tle)]);
        assert!(either.met(None) && either.met(Some("TLE")) && !either.met(Some("WA")));
        assert_eq!(either.to_string(), "OK or TLE");
        assert!(Tag::parse("accepted").is_err());
        assert_eq!(Tag::parse("tle"), Ok(Tag::Code(Code::Tle)));
        // Every verdict a run can get can be expected, undefined behaviour too.
        assert_eq!(Tag::parse("UB"), Ok(Tag::Code(Code::Ub)));
    }
}
