//! What every export writes with: a file of a package ([`File`]), how a program that
//! travels with a package is run and built there ([`program_and_build`]), and Polygon's
//! name of a source's language ([`source_type`]). It imports no exporter, so the
//! exporters import it and not each other's files.

use std::path::Path;

/// A file of the package: its path under the package's folder, its bytes, and whether it
/// is a program to run.
pub(crate) struct File {
    pub(crate) path: String,
    pub(crate) bytes: Vec<u8>,
    pub(crate) executable: bool,
}

/// How the output validator's `run` starts the program of the source file `name` (from
/// the folder `$here`), and its `build` script: a C++ source compiled once as `binary`, a
/// script run by its interpreter (`python3` for `.py`) with nothing to build.
pub(crate) fn program_and_build(name: &str, binary: &str) -> (String, String) {
    let cpp = name.ends_with(".cpp") || name.ends_with(".cc");
    let prog = if cpp {
        format!("\"$here/{binary}\"")
    } else if name.ends_with(".py") {
        format!("python3 \"$here/{name}\"")
    } else {
        format!("\"$here/{name}\"")
    };
    let build = if cpp {
        format!("#!/bin/sh\n# Builds the {binary} once (problemtools and DOMjudge run this before `run`).\nset -e\ncd \"$(dirname \"$0\")\"\ng++ -O2 -std=c++17 -o {binary} {name}\n")
    } else {
        format!("#!/bin/sh\n# Nothing to build: the {binary} is a script.\nexit 0\n")
    };
    (prog, build)
}

/// Polygon's name of the language of a source file (`lang`, else its extension's), from
/// the languages table's `polygon` field; `None` where Polygon has none.
pub(crate) fn source_type(name: &str, lang: Option<&str>) -> Option<String> {
    grundy_sandbox::language::table()
        .ok()?
        .of(Path::new(name), lang)?
        .polygon
        .clone()
}
