//! `--report html FILE`: a run's report as one self-contained page (no network fetch, no
//! script; it works from a file). The summary and what the inputs reached; then each group
//! of failures with its witness drawn (the SVG `grundy check` saved beside the input,
//! inlined), the input, the expected and the actual output side by side, the notes, and
//! the commands that reproduce it; then every failing test's verdict.

use crate::html::{cut, esc, head, FOOT};
use crate::report::Report;
use std::path::Path;

/// Most bytes of an input or output shown on the page (the saved files hold all of it).
const SHOWN: usize = 6000;

/// A saved file's text, cut to [`SHOWN`] bytes (`None` when it cannot be read).
fn file_text(path: &Path) -> Option<String> {
    let bytes = std::fs::read(path).ok()?;
    Some(cut(&String::from_utf8_lossy(&bytes), SHOWN))
}

/// A string field of a group's JSON.
fn field<'a>(g: &'a serde_json::Value, key: &str) -> &'a str {
    g.get(key).and_then(|v| v.as_str()).unwrap_or("")
}

/// The page of a report (`title`: the command's subject line).
pub fn page(r: &Report, title: &str) -> String {
    let mut h = head(title);
    h += &format!(
        "<p class=\"summary{}\"><b>{} passed, {} failed</b> — {} on {}</p>\n",
        if r.failed > 0 { " failed" } else { "" },
        r.passed,
        r.failed,
        esc(&r.subject),
        esc(&r.corpus)
    );
    if let Some(reach) = &r.reach {
        h += &reach_table(reach);
    }
    // A short report (a solutions matrix) lists every case before the groups; a long
    // one its failures after them.
    let every = r.cases.len() <= 40;
    if every {
        h += &cases_table(r, every);
    }
    for (k, g) in r.groups.iter().enumerate() {
        h += &group(k + 1, r.groups.len(), g);
    }
    if !every {
        h += &cases_table(r, every);
    }
    h += FOOT;
    h
}

/// The table of every case (`every`), or of the failing ones (at most 500 rows).
fn cases_table(r: &Report, every: bool) -> String {
    let listed: Vec<_> = r
        .cases
        .iter()
        .filter(|c| every || c.status == "fail")
        .collect();
    if listed.is_empty() {
        return String::new();
    }
    let mut h = String::from(if every {
        "<h2>Every case</h2>\n"
    } else {
        "<h2>Failing tests</h2>\n"
    });
    h += "<table><tr><th>test</th><th>verdict</th><th>input</th><th>message</th></tr>\n";
    for c in listed.iter().take(500) {
        h += &format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            esc(&c.name),
            esc(&c.verdict),
            esc(&c.input),
            esc(&c.message)
        );
    }
    if listed.len() > 500 {
        h += &format!(
            "<tr><td colspan=\"4\">… {} more (the JSON report lists them all)</td></tr>\n",
            listed.len() - 500
        );
    }
    h + "</table>\n"
}

/// What the inputs reached, as a table (each dimension's least and greatest value), and
/// the marks the statement allows that no input came near.
fn reach_table(reach: &serde_json::Value) -> String {
    let mut h = String::from("<p class=\"label\">what the inputs reached</p>\n<table><tr><th>dimension</th><th>least</th><th>greatest</th></tr>\n");
    if let Some(dims) = reach.get("reached").and_then(|d| d.as_object()) {
        for (name, range) in dims {
            let at = |k: usize| range.get(k).map_or_else(String::new, |v| v.to_string());
            h += &format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                esc(name),
                at(0),
                at(1)
            );
        }
    }
    h += "</table>\n";
    if let Some(never) = reach.get("never_reached").and_then(|d| d.as_array()) {
        if !never.is_empty() {
            let marks: Vec<String> = never.iter().map(|m| esc(&m.to_string())).collect();
            h += &format!("<p>never reached: {}</p>\n", marks.join(", "));
        }
    }
    h
}

/// One group's section: its label, its witness drawn, the input, expected and actual
/// outputs, the notes and the reproduce commands.
fn group(k: usize, of: usize, g: &serde_json::Value) -> String {
    let saved = field(g, "saved");
    let input = Path::new(saved);
    let mut h = format!(
        "<section class=\"group\" id=\"group-{k}\">\n<h2>[{k}/{of}] {}</h2>\n<p>{} failing test(s); shown and shrunk: test {}; shrunk to {}</p>\n",
        esc(field(g, "group")),
        g.get("tests").map_or_else(String::new, |t| t.to_string()),
        g.get("test").map_or_else(String::new, |t| t.to_string()),
        esc(g.get("shrunk_to").and_then(|v| v.as_str()).unwrap_or("(did not fail again)"))
    );
    h += "<div class=\"witness\">\n";
    let svg = std::fs::read_to_string(input.with_extension("svg")).ok();
    match svg
        .as_deref()
        .and_then(|s| s.find("<svg").map(|at| &s[at..]))
    {
        Some(svg) => h += &format!("<figure class=\"drawn\">{svg}</figure>\n"),
        None => h +=
            "<p class=\"label\">(no drawing: this input has no tree or graph grundy draws)</p>\n",
    }
    h += &format!(
        "<div><p class=\"label\">input ({})</p><pre>{}</pre></div>\n</div>\n",
        esc(saved),
        esc(&file_text(input).unwrap_or_else(|| "(not saved)".into()))
    );
    // An interactive game move by move, where `grundy check` drew it (NAME.steps.html).
    if let Some(steps) = std::fs::read_to_string(input.with_extension("steps.html"))
        .ok()
        .and_then(|p| {
            let at = p.find("<section class=\"steps\">")?;
            let end = p[at..].find("</section>")? + at + "</section>".len();
            Some(p[at..end].to_string())
        })
    {
        h += &steps;
        h += "\n";
    }
    let shown = |t: Option<String>| {
        t.map(|t| {
            if t.trim().is_empty() {
                format!(
                    "(empty: {} byte{})",
                    t.len(),
                    if t.len() == 1 { "" } else { "s" }
                )
            } else {
                t
            }
        })
    };
    let expected = shown(file_text(&input.with_extension("out")));
    let actual = shown(file_text(&input.with_extension("actual")));
    if expected.is_some() || actual.is_some() {
        h += &format!(
            "<div class=\"sides\"><div><p class=\"label\">expected</p><pre>{}</pre></div><div><p class=\"label\">actual</p><pre>{}</pre></div></div>\n",
            esc(expected.as_deref().unwrap_or("")),
            esc(actual.as_deref().unwrap_or(""))
        );
    }
    if let Some(notes) = g.get("notes").and_then(|n| n.as_array()) {
        for n in notes.iter().filter_map(|n| n.as_str()) {
            h += &format!("<p>{}</p>\n", esc(n));
        }
    }
    if let Some(cmds) = g.get("reproduce").and_then(|n| n.as_array()) {
        h += "<p class=\"label\">reproduce</p>\n";
        for c in cmds.iter().filter_map(|c| c.as_str()) {
            h += &format!("<pre><code>{}</code></pre>\n", esc(c));
        }
    }
    h += "</section>\n";
    h
}
