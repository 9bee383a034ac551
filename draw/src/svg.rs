//! The few pieces of SVG the drawings share: the document, a vertex, a label.

use std::fmt::Write as _;

/// Text with `&`, `<`, `>` and quotes escaped for SVG.
pub(crate) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// An SVG document of `width` × `height` around `body`.
pub(crate) fn document(width: f64, height: f64, body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n{body}</svg>\n"
    )
}

/// A vertex: a circle filled `fill`, its label centred (white on a dark fill).
pub(crate) fn vertex(out: &mut String, x: f64, y: f64, fill: &str, label: &str) {
    let ink = if fill == "#333333" {
        "#ffffff"
    } else {
        "#000000"
    };
    let _ = writeln!(
        out,
        "<g class=\"vertex\"><circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"13\" fill=\"{fill}\" stroke=\"#000000\"/><text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{ink}\">{}</text></g>",
        y + 4.0,
        escape(label)
    );
}

/// A line of text at (`x`, `y`).
pub(crate) fn text(out: &mut String, x: f64, y: f64, anchor: &str, s: &str) {
    let _ = writeln!(
        out,
        "<text x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"{anchor}\">{}</text>",
        escape(s)
    );
}

/// The width and height of a document [`document`] wrote.
pub(crate) fn size_of(svg: &str) -> (f64, f64) {
    let attr = |name: &str| {
        svg.split_once(&format!(" {name}=\""))
            .and_then(|(_, rest)| rest.split_once('"'))
            .and_then(|(v, _)| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (attr("width"), attr("height"))
}

/// What a document [`document`] wrote holds inside its `<svg>` element.
pub(crate) fn inner(svg: &str) -> &str {
    let start = svg
        .find("<svg")
        .and_then(|at| svg[at..].find('>').map(|end| at + end + 1))
        .unwrap_or(0);
    let end = svg.rfind("</svg>").unwrap_or(svg.len());
    &svg[start..end.max(start)]
}
