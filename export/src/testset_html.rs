//! `grundy testset … --report html FILE`: the test set as a page — what it kills, then
//! every test with how it was made, its size, the solutions it kills and the command that
//! regenerates it, drawn (its first tree or graph, integers and arrays) where grundy
//! draws its input.

use grundy_judging::html::esc;
use std::fmt::Write as _;

/// One test of the page.
pub struct Row<'a> {
    /// Its input's file in the layout.
    pub name: &'a str,
    /// How it was made.
    pub how: &'a str,
    /// Its size.
    pub size: usize,
    /// Its vertices.
    pub vertices: usize,
    /// The solutions it kills, with their verdicts.
    pub kills: &'a [(String, String)],
    /// The command that regenerates it.
    pub command: Option<&'a str>,
    /// Its input's text.
    pub text: &'a str,
    /// Its drawing.
    pub svg: Option<String>,
}

/// Most bytes of a test's input shown.
const SHOWN: usize = 2000;

/// The page: the summary lines, then a section per test.
pub fn page(title: &str, summary: &[String], rows: &[Row<'_>]) -> String {
    let mut h = grundy_judging::html::head(title);
    for line in summary {
        let _ = writeln!(h, "<p class=\"summary\">{}</p>", esc(line));
    }
    h +=
        "<table>\n<tr><th>test</th><th>how</th><th>size</th><th>vertices</th><th>kills</th></tr>\n";
    for (k, r) in rows.iter().enumerate() {
        let _ = writeln!(
            h,
            "<tr><td><a href=\"#test-{k}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(r.name),
            esc(r.how),
            r.size,
            r.vertices,
            esc(&kills(r.kills))
        );
    }
    h += "</table>\n";
    for (k, r) in rows.iter().enumerate() {
        let _ = writeln!(
            h,
            "<section class=\"group test\" id=\"test-{k}\">\n<h2>{}</h2>\n<p>{} — size {}, {} vertices; kills: {}</p>",
            esc(r.name),
            esc(r.how),
            r.size,
            r.vertices,
            esc(&kills(r.kills))
        );
        h += "<div class=\"witness\">\n";
        if let Some(svg) = &r.svg {
            let _ = writeln!(
                h,
                "<figure class=\"drawn\">{}</figure>",
                svg.find("<svg").map_or("", |at| &svg[at..])
            );
        }
        let text = grundy_judging::html::cut(r.text, SHOWN);
        let _ = writeln!(h, "<pre>{}</pre>\n</div>", esc(&text));
        if let Some(c) = r.command {
            let _ = writeln!(
                h,
                "<p class=\"label\">regenerate</p><pre><code>{}</code></pre>",
                esc(c)
            );
        }
        h += "</section>\n";
    }
    h += grundy_judging::html::FOOT;
    h
}

/// What a test kills, in words.
fn kills(k: &[(String, String)]) -> String {
    if k.is_empty() {
        "-".into()
    } else {
        k.iter()
            .map(|(n, v)| format!("{n} ({v})"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}
