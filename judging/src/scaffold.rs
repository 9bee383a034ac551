//! `grundy new KIND DIR`: a package to start from, one per kind of problem, that passes
//! `grundy check DIR` as written — a statement stub, the problem's files, a correct
//! solution and one wrong solution tagged WA. The files are `judging/templates/new/KIND/`
//! (a file two kinds share is kept once), compiled into the binary; `{{name}}` in them
//! becomes the package's name.

use crate::error::Error;
use std::path::{Path, PathBuf};

/// The kinds of package `grundy new` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A problem answered by a built-in engine (AGC017 D, "Game on Tree").
    Engine,
    /// A game given by its rules (rules.py): heaps, take 1 to 3 stones.
    Rules,
    /// The same game played interactively against grundy's jury.
    Interactive,
    /// The same game judged by the setter's own interactor (testlib's convention).
    Interactor,
    /// A problem that is not a game: a schema, a model and a brute force.
    Schema,
}

/// One file of a template: its name in the package and its text.
type File = (&'static str, &'static str);

/// The files of a template: each a file of `judging/templates/new/KIND/` (a file the kinds
/// share is kept once, in the first kind that has it).
macro_rules! template {
    ($($file:literal in $kind:literal),+ $(,)?) => {
        &[$(($file, include_str!(concat!("../templates/new/", $kind, "/", $file)))),+]
    };
}

impl Kind {
    /// Every kind by its name on the command line.
    pub const NAMES: [(&'static str, Kind); 5] = [
        ("engine", Kind::Engine),
        ("rules", Kind::Rules),
        ("interactive", Kind::Interactive),
        ("interactor", Kind::Interactor),
        ("schema", Kind::Schema),
    ];

    /// The kind in one line (what `grundy new`'s help says of it).
    pub fn describe(self) -> &'static str {
        match self {
            Kind::Engine => "A problem answered by a built-in engine (AGC017 D, \"Game on Tree\")",
            Kind::Rules => "A game given by its rules (rules.py): heaps, take 1 to 3 stones",
            Kind::Interactive => "The same game played interactively against grundy's jury",
            Kind::Interactor => {
                "The same game judged by the setter's own interactor (testlib's convention)"
            }
            Kind::Schema => "A problem that is not a game: a schema, a model and a brute force",
        }
    }

    /// The kind named `name`.
    pub fn parse(name: &str) -> Option<Kind> {
        Kind::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, k)| *k)
    }

    /// The files the kind writes.
    fn files(self) -> &'static [File] {
        match self {
            Kind::Engine => template!(
                "problem.toml" in "engine",
                "statement.en.tex" in "engine",
                "correct.py" in "engine",
                "wrong.py" in "engine",
            ),
            Kind::Rules => template!(
                "problem.toml" in "rules",
                "statement.en.tex" in "rules",
                "rules.py" in "rules",
                "correct.py" in "rules",
                "wrong.py" in "rules",
            ),
            Kind::Interactive => template!(
                "problem.toml" in "interactive",
                "statement.en.tex" in "interactive",
                "rules.py" in "rules",
                "correct.py" in "interactive",
                "wrong.py" in "interactive",
            ),
            Kind::Interactor => template!(
                "problem.toml" in "interactor",
                "statement.en.tex" in "interactive",
                "interactor.py" in "interactor",
                "rules.py" in "rules",
                "correct.py" in "interactive",
                "wrong.py" in "interactive",
            ),
            Kind::Schema => template!(
                "problem.toml" in "schema",
                "statement.en.tex" in "schema",
                "model.py" in "schema",
                "brute.py" in "schema",
                "correct.py" in "schema",
                "wrong.py" in "schema",
            ),
        }
    }
}

/// The package name made from a folder's name: lower case, runs of other characters
/// turned into one `-`; `problem` when nothing is left.
pub fn name_of(dir: &Path) -> String {
    let raw = dir
        .canonicalize()
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .or_else(|| dir.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_default();
    let mut name = String::new();
    for c in raw.chars() {
        if c.is_ascii_alphanumeric() {
            name.push(c.to_ascii_lowercase());
        } else if !name.is_empty() && !name.ends_with('-') {
            name.push('-');
        }
    }
    let name = name.trim_end_matches('-').to_string();
    if name.is_empty() {
        "problem".into()
    } else {
        name
    }
}

/// Writes the kind's package into `dir` (created if missing; refused when it exists and
/// is not an empty folder). Returns the files written, in order.
pub fn create(kind: Kind, dir: &Path) -> Result<Vec<PathBuf>, Error> {
    if dir.exists() {
        if !dir.is_dir() {
            return Err(Error::usage(format!(
                "{}: exists and is not a folder (grundy new writes a new package folder)",
                dir.display()
            )));
        }
        let entries = std::fs::read_dir(dir)
            .map_err(|e| Error::io(dir.display(), e))?
            .count();
        if entries > 0 {
            return Err(Error::usage(format!(
                "{}: the folder is not empty ({entries} entr{}); grundy new writes only into a new or empty folder, and overwrites nothing",
                dir.display(),
                if entries == 1 { "y" } else { "ies" }
            )));
        }
    } else {
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir.display(), e))?;
    }
    let name = name_of(dir);
    let uuid = uuid_v4();
    let mut written = Vec::new();
    for (file, text) in kind.files() {
        let path = dir.join(file);
        let text = text.replace("{{name}}", &name).replace("{{uuid}}", &uuid);
        grundy_fuzzing::corpus::write_atomic(&path, text.as_bytes())
            .map_err(|e| Error::io(path.display(), e))?;
        written.push(path);
    }
    Ok(written)
}

/// A random (version 4) UUID (the `uuid` crate, as the exports use).
fn uuid_v4() -> String {
    uuid::Uuid::new_v4().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuids_have_the_version_4_form_and_differ() {
        let (a, b) = (uuid_v4(), uuid_v4());
        assert_ne!(a, b);
        assert_eq!(a.len(), 36);
        assert_eq!(&a[14..15], "4");
        assert!(matches!(&a[19..20], "8" | "9" | "a" | "b"), "{a}");
    }

    #[test]
    fn names_are_made_from_the_folder() {
        assert_eq!(name_of(Path::new("/tmp/My Game_2")), "my-game-2");
        assert_eq!(name_of(Path::new("/tmp/__")), "problem");
    }

    #[test]
    fn every_kind_names_its_package_and_its_solutions() {
        for kind in [
            Kind::Engine,
            Kind::Rules,
            Kind::Interactive,
            Kind::Interactor,
            Kind::Schema,
        ] {
            let toml = kind.files()[0].1;
            assert!(toml.contains("name = \"{{name}}\""), "{kind:?}");
            for (file, _) in kind.files() {
                if file.ends_with(".py") && toml.contains(&format!("\"{file}\"")) {
                    continue;
                }
                assert!(
                    matches!(*file, "problem.toml" | "statement.en.tex"),
                    "{kind:?}: {file} is not named in problem.toml"
                );
            }
        }
    }
}
