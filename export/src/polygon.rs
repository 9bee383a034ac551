//! The Polygon package around a test set (`grundy testset --layout polygon`): the tests as
//! `tests/NN` and `tests/NN.a`, and `problem.xml` naming them with the time and memory
//! limits, the checker, the input validator and the solutions with Polygon's tags — the
//! parts of a package Polygon's "Package → import" and the Codeforces tools read.
//!
//! - The checker (`files/check.cpp`): the package's checker program as written, or, for a
//!   comparison grundy does itself, grundy's own testlib checker ([`crate::own_checker`])
//!   doing the same comparison — named `std::lcmp.cpp` or `std::wcmp.cpp` where Polygon's
//!   standard checker compares that way — or judging any winning move of several.
//! - The validator (`files/validator.cpp`): a testlib validator of grundy's own
//!   (`polygon_validator.cpp`), the package's schema written into it, accepting exactly
//!   what `grundy validate DIR FILE` accepts.
//! - The solutions (`solutions/`), tagged `main`, `accepted`, `wrong-answer`,
//!   `presentation-error`, `time-limit-exceeded`, `memory-limit-exceeded`,
//!   `time-limit-exceeded-or-accepted` or `rejected` from their expected verdicts.
//!
//! - The statement ([`crate::polygon_statement`]): the package's own or the stub, cut into
//!   `statement-sections/english/`, and whole in `statements/english/problem.tex`.
//!
//! testlib.h is not written: a judge provides it (Polygon adds its own to every package).

use crate::file::{source_type, File};
use crate::interactive_export::Interactor;
use crate::own_checker::Own;
use grundy_games::checker::Compare;
use grundy_judging::error::Error;
use grundy_judging::package::{Checker, Package};
use grundy_judging::report::xml_escape;
use grundy_judging::solutions::{Solution, Tag};
use serde_json::Value;
use std::fmt::Write as _;
use std::path::Path;

/// grundy's testlib validator, the schema written into it at `// GRUNDY_SCHEMA`.
const VALIDATOR_CPP: &str = include_str!("polygon_validator.cpp");

/// The files of the package around the tests: `problem.xml`, the checker, the validator
/// and the solutions. `tests`: for each test, whether it is the sample; `width`: the
/// digits of the tests' names.
pub(crate) fn files(
    pkg: &Package,
    checker: Option<&Path>,
    own: Option<&Own>,
    interactor: Option<&Interactor>,
    tests: &[bool],
    width: usize,
) -> Result<Vec<File>, Error> {
    let mut out = Vec::new();
    let interactor = match interactor {
        Some(i) => {
            let (path, kind) = crate::interactive_export::polygon_interactor(i);
            if kind.as_ref().is_none_or(|k| !k.starts_with("cpp")) {
                eprintln!(
                    "note: {} is written as it is; Polygon's own interactors are testlib C++ programs (rbx-cp's import takes only those)",
                    path
                );
            }
            out.push(plain(&path, i.bytes()?));
            Some((path, kind))
        }
        None => None,
    };
    let (check, check_name) = check_cpp(pkg, checker, own)?;
    out.push(check);
    let schema = crate::input_validator::input_schema(pkg)?;
    if let Some(schema) = &schema {
        let text = validator_source(&crate::input_validator::schema_json(schema));
        out.push(plain("files/validator.cpp", text.into_bytes()));
    }
    let solutions = solution_files(pkg, &mut out)?;
    out.extend(crate::polygon_statement::files(pkg)?);
    let xml = problem_xml(
        pkg,
        check_name,
        schema.is_some(),
        interactor.as_ref(),
        &solutions,
        tests,
        width,
    );
    out.insert(0, plain("problem.xml", xml.into_bytes()));
    Ok(out)
}

/// `<source path=… type=…/>` (no type where Polygon has none for the language).
fn source_element(path: &str, kind: Option<&str>) -> String {
    match kind {
        Some(kind) => format!("<source path=\"{}\" type=\"{kind}\"/>", xml_escape(path)),
        None => format!("<source path=\"{}\"/>", xml_escape(path)),
    }
}

/// A file that is not executable.
fn plain(path: &str, bytes: Vec<u8>) -> File {
    File {
        path: path.into(),
        bytes,
        executable: false,
    }
}

/// Polygon's tag for a solution expected to get `s.expect` (the first correct one is the
/// main one); `None` for an expectation no tag says.
fn tag_of(s: &Solution, have_main: bool) -> Option<&'static str> {
    let code = |c: &str| {
        s.expect
            .0
            .iter()
            .any(|t| matches!(t, Tag::Code(x) if x.as_str() == c))
    };
    let ok = s.expect.0.contains(&Tag::Ok);
    Some(match s.expect.0.len() {
        1 if ok => {
            if have_main {
                "accepted"
            } else {
                "main"
            }
        }
        1 if code("WA") => "wrong-answer",
        1 if code("PE") => "presentation-error",
        1 if code("TLE") => "time-limit-exceeded",
        1 if code("MLE") => "memory-limit-exceeded",
        1 => "rejected",
        2 if ok && code("TLE") => "time-limit-exceeded-or-accepted",
        2 if code("TLE") && code("MLE") => "time-limit-exceeded-or-memory-limit-exceeded",
        _ if !ok => "rejected",
        _ => return None,
    })
}

/// `s` as the text of an XML comment, which may not hold `--` nor end with `-`.
fn comment_text(s: &str) -> String {
    let mut t = xml_escape(s);
    while t.contains("--") {
        t = t.replace("--", "- -");
    }
    if t.ends_with('-') {
        t.push(' ');
    }
    t
}

/// The checker's source, `files/check.cpp` (the package's checker program, else grundy's
/// own checker in testlib form), and the name of the standard checker it stands for,
/// when it is one.
fn check_cpp(
    pkg: &Package,
    checker: Option<&Path>,
    own: Option<&Own>,
) -> Result<(File, Option<&'static str>), Error> {
    match (checker, own, &pkg.checker) {
        (Some(src), _, _) => {
            let bytes = std::fs::read(src).map_err(|e| Error::io(src.display(), e))?;
            Ok((plain("files/check.cpp", bytes), None))
        }
        (None, Some(own), _) => {
            let file = plain(
                "files/check.cpp",
                crate::own_checker::testlib(own).into_bytes(),
            );
            let name = match own {
                Own::Compare(Compare::Lines) => Some("std::lcmp.cpp"),
                Own::Compare(Compare::Tokens) => Some("std::wcmp.cpp"),
                _ => None,
            };
            Ok((file, name))
        }
        (None, None, Checker::Builtin(_)) => Err(Error::internal(
            "no checker for a package with a built-in comparison",
        )),
        (None, None, Checker::Program(argv)) => Err(Error::usage(format!(
            "{}: the checker `{}` is not a file of the package; Polygon needs its source",
            pkg.dir.display(),
            argv.join(" ")
        ))),
    }
}

/// A solution in the package: its path, its Polygon tag and its source type.
type SolutionFile = (String, &'static str, Option<String>);

/// The package's solutions as files of `solutions/` (pushed to `out`), each with its
/// Polygon tag and source type; a solution Polygon has no tag for is left out, said.
fn solution_files(pkg: &Package, out: &mut Vec<File>) -> Result<Vec<SolutionFile>, Error> {
    let mut solutions: Vec<SolutionFile> = Vec::new();
    for s in &pkg.solutions {
        let Some(tag) = tag_of(s, solutions.iter().any(|(_, t, _)| *t == "main")) else {
            eprintln!(
                "note: {} is not in problem.xml: Polygon has no tag for \"{}\"",
                s.name, s.expect
            );
            continue;
        };
        let name = s
            .path
            .file_name()
            .map_or_else(|| "solution".into(), |n| n.to_string_lossy().into_owned());
        let mut path = format!("solutions/{name}");
        let mut k = 1;
        while solutions.iter().any(|(p, _, _)| *p == path) {
            k += 1;
            path = format!("solutions/{k}-{name}");
        }
        let bytes = std::fs::read(&s.path).map_err(|e| Error::io(s.path.display(), e))?;
        out.push(plain(&path, bytes));
        solutions.push((path, tag, source_type(&name, s.lang.as_deref())));
    }
    Ok(solutions)
}

/// `problem.xml`: the problem's names, its statement, `<judging>` and `<assets>`.
fn problem_xml(
    pkg: &Package,
    checker: Option<&str>,
    validator: bool,
    interactor: Option<&(String, Option<String>)>,
    solutions: &[(String, &str, Option<String>)],
    tests: &[bool],
    width: usize,
) -> String {
    let short = crate::kattis::short_name(&pkg.name);
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n");
    let _ = writeln!(
        x,
        "<!-- Written by grundy testset (the Polygon layout) from problem.toml of {}. testlib.h is the judge's. -->",
        // A comment may not hold two hyphens in a row.
        xml_escape(&pkg.name).replace('-', "_")
    );
    let _ = writeln!(x, "<problem revision=\"1\" short-name=\"{short}\">");
    let _ = writeln!(x, "    <names>");
    let _ = writeln!(
        x,
        "        <name language=\"english\" main=\"true\" value=\"{}\"/>",
        xml_escape(&pkg.name)
    );
    let _ = writeln!(x, "    </names>");
    let _ = writeln!(x, "    <statements>");
    let _ = writeln!(
        x,
        "        <statement charset=\"UTF-8\" language=\"english\" mathjax=\"true\" path=\"{}\" type=\"application/x-tex\"/>",
        crate::polygon_statement::PROBLEM_TEX
    );
    let _ = writeln!(x, "    </statements>");
    x += &judging_xml(pkg, tests, width);
    x += &assets_xml(checker, validator, interactor, solutions);
    let _ = writeln!(x, "</problem>");
    x
}

/// `problem.xml`'s `<judging>`: the limits and the tests (a sample marked so).
fn judging_xml(pkg: &Package, tests: &[bool], width: usize) -> String {
    let ms = pkg.limits.time.as_millis().max(1);
    // Polygon needs a number: an unlimited memory is written as 1 GiB.
    let memory = pkg.limits.memory.unwrap_or(1 << 30);
    let mut x = String::new();
    let _ = writeln!(x, "    <judging input-file=\"\" output-file=\"\">");
    let _ = writeln!(x, "        <testset name=\"tests\">");
    let _ = writeln!(
        x,
        "            <!-- The time limit: {}. -->",
        comment_text(&pkg.time_from)
    );
    let _ = writeln!(x, "            <time-limit>{ms}</time-limit>");
    let _ = writeln!(x, "            <memory-limit>{memory}</memory-limit>");
    let _ = writeln!(x, "            <test-count>{}</test-count>", tests.len());
    let _ = writeln!(
        x,
        "            <input-path-pattern>tests/%0{width}d</input-path-pattern>"
    );
    let _ = writeln!(
        x,
        "            <answer-path-pattern>tests/%0{width}d.a</answer-path-pattern>"
    );
    let _ = writeln!(x, "            <tests>");
    for &sample in tests {
        if sample {
            let _ = writeln!(
                x,
                "                <test method=\"manual\" sample=\"true\"/>"
            );
        } else {
            let _ = writeln!(x, "                <test method=\"manual\"/>");
        }
    }
    let _ = writeln!(x, "            </tests>");
    let _ = writeln!(x, "        </testset>");
    let _ = writeln!(x, "    </judging>");
    x
}

/// `problem.xml`'s `<assets>`: the checker, the interactor, the validator and the
/// solutions with their tags.
fn assets_xml(
    checker: Option<&str>,
    validator: bool,
    interactor: Option<&(String, Option<String>)>,
    solutions: &[(String, &str, Option<String>)],
) -> String {
    let mut x = String::new();
    let _ = writeln!(x, "    <assets>");
    match checker {
        Some(name) => {
            let _ = writeln!(x, "        <checker name=\"{name}\" type=\"testlib\">");
        }
        None => {
            let _ = writeln!(x, "        <checker type=\"testlib\">");
        }
    }
    let _ = writeln!(
        x,
        "            <source path=\"files/check.cpp\" type=\"cpp.g++17\"/>"
    );
    let _ = writeln!(x, "        </checker>");
    if let Some((path, kind)) = interactor {
        let _ = writeln!(x, "        <interactor>");
        let _ = writeln!(x, "            {}", source_element(path, kind.as_deref()));
        let _ = writeln!(x, "        </interactor>");
    }
    if validator {
        let _ = writeln!(x, "        <validators>");
        let _ = writeln!(x, "            <validator>");
        let _ = writeln!(
            x,
            "                <source path=\"files/validator.cpp\" type=\"cpp.g++17\"/>"
        );
        let _ = writeln!(x, "            </validator>");
        let _ = writeln!(x, "        </validators>");
    }
    let _ = writeln!(x, "        <solutions>");
    for (path, tag, kind) in solutions {
        let _ = writeln!(x, "            <solution tag=\"{tag}\">");
        let _ = writeln!(
            x,
            "                {}",
            source_element(path, kind.as_deref())
        );
        let _ = writeln!(x, "            </solution>");
    }
    let _ = writeln!(x, "        </solutions>");
    let _ = writeln!(x, "    </assets>");
    x
}

/// The testlib validator `files/validator.cpp` of a schema (its source; testlib.h is the
/// judge's).
pub fn validator_cpp(schema: &grundy_games::schema::Schema) -> String {
    validator_source(&crate::input_validator::schema_json(schema))
}

/// grundy's validator with the schema (as [`crate::input_validator::schema_json`] gives
/// it) written into it, as the token text its `parse_schema` reads.
fn validator_source(schema: &Value) -> String {
    let mut t = String::new();
    let empty = serde_json::Map::new();
    let limits = schema["limits"].as_object().unwrap_or(&empty);
    let _ = write!(t, "limits {}", limits.len());
    for (k, v) in limits {
        let _ = write!(t, " {k} {} {}", v[0], v[1]);
    }
    let dependent = schema["dependent"].as_object().unwrap_or(&empty);
    let _ = write!(t, "\ndependent {}", dependent.len());
    for (k, v) in dependent {
        let _ = write!(t, " {k} {} {}", list(&v[0]), list(&v[1]));
    }
    let sums = schema["sums"].as_object().unwrap_or(&empty);
    let _ = write!(t, "\nsums {}", sums.len());
    for (k, v) in sums {
        let _ = write!(t, " {k} {v}");
    }
    let tests = &schema["tests"];
    let _ = write!(t, "\ntests {}", name(&tests["kind"]));
    if tests["kind"] == "count" {
        let _ = write!(t, " {}", name(&tests["name"]));
    }
    let items = schema["items"].as_array().map_or(&[][..], Vec::as_slice);
    let _ = write!(t, "\nitems {}", items.len());
    for it in items {
        item_line(&mut t, it);
    }
    let lines: Vec<String> = t.lines().map(|l| format!("    \"{l}\\n\"")).collect();
    VALIDATOR_CPP.replace(
        "// GRUNDY_SCHEMA",
        &format!(
            "// The schema, written from problem.toml (grundy's own token format).\nstatic const char *SCHEMA =\n{};",
            lines.join("\n")
        ),
    )
}

/// A schema word of the validator's token format (`-` for none).
fn name(v: &Value) -> String {
    v.as_str().map_or_else(|| "-".to_string(), str::to_string)
}

/// A flag of the token format.
fn flag(v: &Value) -> &'static str {
    if v.as_bool() == Some(true) {
        "1"
    } else {
        "0"
    }
}

/// A list of the token format: its length, then its words.
fn list(v: &Value) -> String {
    let words: Vec<String> = v
        .as_array()
        .map(|a| a.iter().map(name).collect())
        .unwrap_or_default();
    format!("{} {}", words.len(), words.join(" "))
}

/// One input item of the schema as a line of the token format.
fn item_line(t: &mut String, it: &Value) {
    let kind = name(&it["kind"]);
    let _ = write!(t, "\n{kind}");
    let _ = match kind.as_str() {
        "ints" => write!(t, " {}", list(&it["names"])),
        "tree" => write!(
            t,
            " {} {} {}",
            name(&it["count"]),
            flag(&it["parents"]),
            name(&it["weights"])
        ),
        "graph" => write!(
            t,
            " {} {} {} {} {} {} {}",
            name(&it["count"]),
            name(&it["edges"]),
            flag(&it["loops"]),
            flag(&it["multi"]),
            flag(&it["connected"]),
            flag(&it["cactus"]),
            name(&it["weights"])
        ),
        "array" => write!(
            t,
            " {} {} {} {}",
            name(&it["len"]),
            name(&it["values"]),
            flag(&it["distinct"]),
            name(&it["name"])
        ),
        _ => {
            let kinds = it["kinds"].as_array().map_or(&[][..], Vec::as_slice);
            let _ = write!(t, " {} {}", name(&it["count"]), kinds.len());
            for k in kinds {
                let tag = k["tag"]
                    .as_i64()
                    .map_or_else(|| "-".into(), |v| v.to_string());
                let _ = write!(t, " {tag} {}", list(&k["fields"]));
            }
            Ok(())
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_judging::code::Code;
    use grundy_judging::solutions::Expect;

    fn solution(tags: Vec<Tag>) -> Solution {
        Solution {
            path: "x.cpp".into(),
            name: "x.cpp".into(),
            expect: Expect(tags),
            lang: None,
        }
    }

    #[test]
    fn each_expectation_gets_polygon_s_tag() {
        assert_eq!(tag_of(&solution(vec![Tag::Ok]), false), Some("main"));
        assert_eq!(tag_of(&solution(vec![Tag::Ok]), true), Some("accepted"));
        assert_eq!(
            tag_of(&solution(vec![Tag::Code(Code::Wa)]), true),
            Some("wrong-answer")
        );
        assert_eq!(
            tag_of(&solution(vec![Tag::Code(Code::Tle)]), true),
            Some("time-limit-exceeded")
        );
        assert_eq!(
            tag_of(&solution(vec![Tag::Code(Code::Re)]), true),
            Some("rejected")
        );
        assert_eq!(
            tag_of(&solution(vec![Tag::Failing]), true),
            Some("rejected")
        );
        assert_eq!(
            tag_of(&solution(vec![Tag::Ok, Tag::Code(Code::Tle)]), true),
            Some("time-limit-exceeded-or-accepted")
        );
        assert_eq!(
            tag_of(&solution(vec![Tag::Ok, Tag::Code(Code::Wa)]), true),
            None
        );
    }
}
