//! The pages of the TLE tools (`--report html FILE`):
//!
//! - `grundy scale`: the growth of a program's CPU time — for each shape, the times
//!   measured against the size on logarithmic axes, the fitted power law drawn through
//!   them and carried on to the problem's maximum size, and the time limit (start-up
//!   subtracted, as the times are) across the plot: where the curve crosses it is the TLE
//!   a judge would give;
//! - `grundy hunt`: the climb to the slowest input — the CPU time of every start and of
//!   every step that made the input slower, the limit across, the table of steps, and the
//!   slowest input drawn;
//! - `grundy time`: each reference's CPU time on every input measured, the recommended
//!   limit across, and the table of inputs.

use super::{Growth, Timed};
use crate::html::esc;
use std::fmt::Write as _;

/// The page of a `grundy scale` run: its first line, each shape's summary and chart, and
/// the worst shape's summary.
pub fn scale_page(title: &str, growths: &[Growth], worst: &str, limit: f64) -> String {
    let mut h = crate::html::head(title);
    let _ = writeln!(h, "<p class=\"summary\">{}</p>", esc(worst));
    for g in growths {
        let _ = writeln!(
            h,
            "<section class=\"growth\">\n<h2>{}</h2>\n<figure>{}</figure>\n<p>{}</p>",
            esc(g.axis.name()),
            grundy_draw::chart_svg(&chart(g, limit)),
            esc(&g.line())
        );
        if let Some((n, v)) = &g.stopped_at {
            let _ = writeln!(
                h,
                "<p>Stopped at {} = {n}: {} ({:.3} s above start-up).</p>",
                esc(g.axis.var()),
                esc(&v.to_string()),
                g.stopped_time
            );
        }
        h += "</section>\n";
    }
    h += crate::html::FOOT;
    h
}

/// A shape's chart: the times measured (and the run that stopped, at its time), the fit
/// from its first size to the maximum, the limit.
fn chart(g: &Growth, limit: f64) -> grundy_draw::Chart {
    let mut points: Vec<(f64, f64)> = g.points.iter().map(|&(n, t)| (n as f64, t)).collect();
    if let Some((n, _)) = &g.stopped_at {
        points.push((*n as f64, g.stopped_time));
    }
    let fitted = match (g.fit, g.points.first()) {
        (Some(f), Some(&(first, _))) => {
            let (a, b) = ((first.max(1)) as f64, (g.max.max(2)) as f64);
            (0..=24)
                .map(|k| {
                    let n = a * (b / a).powf(k as f64 / 24.0);
                    (n, f.predict(n))
                })
                .collect()
        }
        _ => Vec::new(),
    };
    grundy_draw::Chart {
        title: format!("{}: CPU time above start-up", g.axis.name()),
        x_label: format!("{} ({})", g.axis.var(), g.axis.unit()),
        y_label: "seconds".into(),
        points,
        fitted_label: g.fit.map_or_else(String::new, |f| {
            format!("fit: {}^{:.2} (R² {:.2})", g.axis.var(), f.exponent, f.r2)
        }),
        fitted,
        hline: (limit - g.base > 0.0).then(|| {
            (
                limit - g.base,
                format!("time limit {limit} s, start-up subtracted"),
            )
        }),
        log: true,
        ..Default::default()
    }
}

/// Most bytes of an input shown on a page.
const SHOWN: usize = 4000;

/// The page of a `grundy hunt` run: what it said (its first line the slowest input; the
/// lines after it, when the slowest input failed, the verdict and where it is saved), the
/// climb plotted and listed, and the slowest input drawn and written (its first
/// [`SHOWN`] bytes).
pub fn hunt_page(
    title: &str,
    said: &[String],
    climb: &[(String, f64)],
    limit: f64,
    drawn: Option<&str>,
    text: &str,
) -> String {
    let mut h = crate::html::head(title);
    // A verdict after the first line: the slowest input failed.
    let failed = if said.len() > 1 { " failed" } else { "" };
    for line in said {
        let _ = writeln!(h, "<p class=\"summary{failed}\">{}</p>", esc(line));
    }
    let chart = numbered(
        "the climb: CPU time of each input that was the slowest so far".into(),
        "measurement (the starts, then each step that was slower)",
        climb,
        (limit, format!("time limit {limit} s")),
    );
    let _ = writeln!(
        h,
        "<section class=\"growth\">\n<figure>{}</figure>\n{}</section>",
        grundy_draw::chart_svg(&chart),
        times_table(climb, "what was measured")
    );
    h += "<section class=\"group\">\n<h2>The slowest input</h2>\n<div class=\"witness\">\n";
    if let Some(svg) = drawn {
        let _ = writeln!(
            h,
            "<figure class=\"drawn\">{}</figure>",
            svg.find("<svg").map_or("", |at| &svg[at..])
        );
    }
    let _ = writeln!(
        h,
        "<pre>{}</pre>\n</div>\n</section>",
        esc(&crate::html::cut(text, SHOWN))
    );
    h += crate::html::FOOT;
    h
}

/// The page of a `grundy time` run: the recommended limit, then each reference's times on
/// every input plotted (the limit across) and listed.
pub fn time_page(title: &str, verdict: &str, measured: &[Timed], limit: f64) -> String {
    let mut h = crate::html::head(title);
    let _ = writeln!(h, "<p class=\"summary\"><b>{}</b></p>", esc(verdict));
    for r in measured {
        let chart = numbered(
            format!("{}: CPU time on each input", r.reference),
            "input (as listed below)",
            &r.times,
            (limit, format!("recommended limit {limit} s")),
        );
        let _ = writeln!(
            h,
            "<section class=\"growth\">\n<h2>{}</h2>\n<p>{}</p>\n<figure>{}</figure>\n{}</section>",
            esc(&r.reference),
            esc(&r.line),
            grundy_draw::chart_svg(&chart),
            times_table(&r.times, "input")
        );
    }
    h += crate::html::FOOT;
    h
}

/// A chart of labelled CPU times against their numbers (as [`times_table`] lists them),
/// a limit across.
fn numbered(
    title: String,
    x_label: &str,
    times: &[(String, f64)],
    limit: (f64, String),
) -> grundy_draw::Chart {
    grundy_draw::Chart {
        title,
        x_label: x_label.into(),
        y_label: "seconds".into(),
        points: times
            .iter()
            .enumerate()
            .map(|(k, &(_, t))| ((k + 1) as f64, t))
            .collect(),
        hline: Some(limit),
        ..Default::default()
    }
}

/// A numbered table of labelled CPU times.
fn times_table(rows: &[(String, f64)], what: &str) -> String {
    let mut t = format!(
        "<table>\n<tr><th>#</th><th>{}</th><th>CPU s</th></tr>\n",
        esc(what)
    );
    for (k, (label, secs)) in rows.iter().enumerate() {
        let _ = writeln!(
            t,
            "<tr><td>{}</td><td>{}</td><td>{secs:.3}</td></tr>",
            k + 1,
            esc(label)
        );
    }
    t + "</table>\n"
}
