//! `grundy scale … --report html FILE`: the growth of a program's CPU time as a page —
//! for each shape, the times measured against the size on logarithmic axes, the fitted
//! power law drawn through them and carried on to the problem's maximum size, and the
//! time limit (start-up subtracted, as the times are) across the plot: where the curve
//! crosses it is the TLE a judge would give.

use crate::report_html::esc;
use crate::tle::Growth;
use std::fmt::Write as _;

/// The page of a `grundy scale` run: its first line, each shape's summary and chart, and
/// the worst shape's summary.
pub fn scale_page(title: &str, growths: &[Growth], worst: &str, limit: f64) -> String {
    let mut h = crate::report_html::head(title);
    let _ = writeln!(h, "<p class=\"summary\">{}</p>", esc(worst));
    for g in growths {
        let _ = writeln!(
            h,
            "<section class=\"growth\">\n<h2>{}</h2>\n<figure>{}</figure>\n<p>{}</p>",
            esc(g.shape.name()),
            grundy_draw::chart_svg(&chart(g, limit)),
            esc(&g.line())
        );
        if let Some((n, v)) = &g.stopped_at {
            let _ = writeln!(
                h,
                "<p>Stopped at n = {n}: {} ({:.3} s above start-up).</p>",
                esc(&v.to_string()),
                g.stopped_time
            );
        }
        h += "</section>\n";
    }
    h += crate::report_html::FOOT;
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
        title: format!("{}: CPU time above start-up", g.shape.name()),
        x_label: "n (vertices)".into(),
        y_label: "seconds".into(),
        points,
        fitted_label: g.fit.map_or_else(String::new, |f| {
            format!("fit: n^{:.2} (R² {:.2})", f.exponent, f.r2)
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
