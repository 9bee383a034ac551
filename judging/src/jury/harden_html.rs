//! `grundy harden … --report html FILE`: the weaknesses of an interactor as a page — the
//! summary and the command that ran the plan; then each weakness with the shrunk test
//! drawn and written, what the interactor did, the game (its transcript, and move by move
//! as a stepper where grundy draws the positions); a test that comes down to a weakness
//! already shown is one line.

use crate::html::{esc, FOOT};
use crate::jury::harden::Found;
use std::fmt::Write as _;

/// The page of a `grundy harden` run of `cases` tests against `interactor`.
pub fn page(
    name: &str,
    command: &str,
    interactor: &[String],
    cases: u64,
    found: &[Found],
) -> String {
    let mut h = crate::html::head(&format!("grundy harden {name}"));
    let summary = if found.is_empty() {
        format!(
            "the interactor accepted the perfect player and rejected every weak player that left it a won position, on {cases} tests"
        )
    } else {
        format!("the interactor is weak on {} of {cases} tests", found.len())
    };
    let _ = writeln!(
        h,
        "<p class=\"summary{}\"><b>{}</b> — the interactor <code>{}</code></p>\n<p class=\"label\">the plan, again</p><pre>{}</pre>",
        if found.is_empty() { "" } else { " failed" },
        esc(&summary),
        esc(&interactor.join(" ")),
        esc(command)
    );
    for (k, f) in found.iter().enumerate() {
        if let Some(first) = f.same_as {
            let _ = writeln!(
                h,
                "<p class=\"repeat\">test {} ({}): the same weakness as <a href=\"#test-{first}\">test {first}</a>, shrunk to the same test ({})</p>",
                f.test,
                esc(&f.label),
                esc(f.player.name())
            );
            continue;
        }
        let _ = writeln!(
            h,
            "<section class=\"group weakness\" id=\"test-{}\">\n<h2>[{}/{}] test {} ({}), shrunk in {} steps to {}</h2>\n<p><b>the interactor {}</b></p>",
            f.test,
            k + 1,
            found.len(),
            f.test,
            esc(&f.label),
            f.steps,
            esc(&f.described),
            esc(&f.weakness)
        );
        h += "<div class=\"witness\">\n";
        if let Some(svg) = &f.svg {
            let _ = writeln!(
                h,
                "<figure class=\"drawn\">{}</figure>",
                svg.find("<svg").map_or("", |at| &svg[at..])
            );
        }
        let _ = writeln!(
            h,
            "<div><p class=\"label\">the shrunk test</p><pre>{}</pre></div>\n<div><p class=\"label\">the game (&gt; the interactor, &lt; {})</p><pre>{}</pre></div>\n</div>",
            esc(&f.text),
            esc(f.player.name()),
            esc(&f.game)
        );
        if f.frames.len() > 1 {
            h += &crate::jury::steps_html::stepper(&format!("steps-{}", f.test), &f.frames);
        }
        h += "</section>\n";
    }
    h += FOOT;
    h
}
