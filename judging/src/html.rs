//! The pieces every page of grundy is made of: the head with its style, the foot, text
//! escaped for HTML and cut to a length. The pages themselves sit beside what they show
//! (`report_html`, `jury::steps_html`, `jury::harden_html`, `tle::html`, and the export's and explore's
//! pages) and import this module; it imports none of them.

/// Text for HTML: control characters shown as `\xHH` (as the text report shows them),
/// markup escaped.
pub fn esc(s: &str) -> String {
    crate::output::escape(s)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The first `most` bytes of a text (at a character boundary), and how long it is when
/// that is not all of it.
pub fn cut(text: &str, most: usize) -> String {
    if text.len() <= most {
        return text.to_string();
    }
    let mut end = most;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}\n… ({} bytes in all)", &text[..end], text.len())
}

/// The style sheet every page shares.
pub const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em auto;max-width:70em;padding:0 1em;color:#222}\
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:0}\
.summary{padding:.6em 1em;border-radius:6px;background:#eef6ee}.summary.failed{background:#fbeeee}\
section.group{border:1px solid #ccc;border-radius:6px;padding:1em;margin:1.5em 0}\
.witness{display:flex;gap:1.5em;flex-wrap:wrap;align-items:flex-start}\
figure{margin:0;border:1px solid #ddd;background:#fff;max-width:100%;overflow:auto}\
figure svg{max-width:40em;height:auto;display:block}\
pre{background:#f6f6f6;padding:.5em;overflow:auto;max-height:24em;margin:.3em 0}\
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2em .6em;vertical-align:top;text-align:left}\
.sides{display:grid;grid-template-columns:1fr 1fr;gap:1em}\
.label{font-size:.85em;color:#555;margin-top:.6em}";

/// The head of a page of grundy's (its style included) and its `title` as a heading;
/// [`FOOT`] closes it.
pub fn head(title: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        esc(title),
        esc(title)
    )
}

/// The end of a page [`head`] began.
pub const FOOT: &str = "</body>\n</html>\n";
