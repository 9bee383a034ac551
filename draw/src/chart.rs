//! Charts of measurements, for the pages a report writes: a sequence of values against a
//! parameter (`grundy values`: a family's Grundy values, its period shaded), and points
//! with a fitted curve on logarithmic axes (a growth series: time against size).

use crate::svg::{document, escape, text};
use std::fmt::Write as _;

/// A chart: its points, axes and marks.
#[derive(Clone, Debug, Default)]
pub struct Chart {
    /// The title, above the plot.
    pub title: String,
    /// The horizontal axis's name.
    pub x_label: String,
    /// The vertical axis's name.
    pub y_label: String,
    /// The points, (x, y). A point whose y is not finite is skipped.
    pub points: Vec<(f64, f64)>,
    /// Names of the vertical axis's whole values, where they are words (`lose`, `win`,
    /// `draw`): value k is named `y_names[k]`. Empty: numbers.
    pub y_names: Vec<String>,
    /// A fitted curve, drawn as a line through these points.
    pub fitted: Vec<(f64, f64)>,
    /// What the fitted curve is, in its legend.
    pub fitted_label: String,
    /// A horizontal range to shade (from, to) and what it is (a period, from its start).
    pub shade: Option<(f64, f64, String)>,
    /// A horizontal line across the plot (a limit) and its name.
    pub hline: Option<(f64, String)>,
    /// Both axes logarithmic (every x and y must be positive).
    pub log: bool,
}

const W: f64 = 560.0;
const H: f64 = 300.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 30.0;
const TOP: f64 = 34.0;
const BOTTOM: f64 = 44.0;

/// The chart as an SVG picture (560 × 300).
pub fn chart_svg(c: &Chart) -> String {
    let axis = |v: f64| if c.log { v.max(1e-300).log10() } else { v };
    let plotted = |xy: &[(f64, f64)]| -> Vec<(f64, f64)> {
        xy.iter()
            .filter(|(x, y)| x.is_finite() && y.is_finite() && (!c.log || (*x > 0.0 && *y > 0.0)))
            .map(|&(x, y)| (axis(x), axis(y)))
            .collect()
    };
    let pts = plotted(&c.points);
    let fit = plotted(&c.fitted);
    let mut body = String::new();
    text(&mut body, W / 2.0, 20.0, "middle", &c.title);
    if pts.is_empty() {
        text(&mut body, W / 2.0, H / 2.0, "middle", "no points to plot");
        return document(W, H, &body);
    }
    let hline = c
        .hline
        .as_ref()
        .filter(|(y, _)| y.is_finite() && (!c.log || *y > 0.0))
        .map(|(y, name)| (axis(*y), name));
    let f = Frame::around(pts.iter().chain(&fit), hline.map(|h| h.0), c.log);
    if let Some((from, to, what)) = &c.shade {
        let (a, b) = (f.px(axis(*from)).max(LEFT), f.px(axis(*to)).min(W - RIGHT));
        if b > a {
            let _ = writeln!(
                body,
                "<rect class=\"shade\" x=\"{a:.1}\" y=\"{TOP:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#e6f0fa\"/>",
                b - a,
                H - TOP - BOTTOM
            );
            text(&mut body, a + 4.0, TOP + 14.0, "start", what);
        }
    }
    f.axes(&mut body, c);
    if let Some((y, name)) = hline {
        let y = f.py(y);
        let _ = writeln!(
            body,
            "<path class=\"limit\" d=\"M{LEFT:.1},{y:.1} H{:.1}\" stroke=\"#b00000\" stroke-width=\"1.5\"/>",
            W - RIGHT
        );
        text(&mut body, LEFT + 6.0, y - 5.0, "start", name);
    }
    f.series(&mut body, &pts, &fit, &c.fitted_label);
    document(W, H, &body)
}

/// The ranges a chart shows (in the axes' units), and where a value falls on the picture.
struct Frame {
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
    log: bool,
}

impl Frame {
    /// The frame around `points` and a horizontal line at `hline` (from 0 up on a linear
    /// axis; never an empty range).
    fn around<'a>(
        points: impl Iterator<Item = &'a (f64, f64)>,
        hline: Option<f64>,
        log: bool,
    ) -> Frame {
        let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for &(x, y) in points {
            x0 = x0.min(x);
            x1 = x1.max(x);
            y0 = y0.min(y);
            y1 = y1.max(y);
        }
        if let Some(y) = hline {
            y0 = y0.min(y);
            y1 = y1.max(y);
        }
        if !log {
            y0 = y0.min(0.0);
        }
        if x1 - x0 < 1e-9 {
            x1 = x0 + 1.0;
        }
        if y1 - y0 < 1e-9 {
            y1 = y0 + 1.0;
        }
        Frame {
            x0,
            x1,
            y0,
            y1,
            log,
        }
    }

    fn px(&self, x: f64) -> f64 {
        LEFT + (x - self.x0) / (self.x1 - self.x0) * (W - LEFT - RIGHT)
    }

    fn py(&self, y: f64) -> f64 {
        H - BOTTOM - (y - self.y0) / (self.y1 - self.y0) * (H - TOP - BOTTOM)
    }

    /// The axes, their ticks and their labels.
    fn axes(&self, body: &mut String, c: &Chart) {
        let _ = writeln!(
            body,
            "<path d=\"M{LEFT:.1},{TOP:.1} V{:.1} H{:.1}\" fill=\"none\" stroke=\"#000000\"/>",
            H - BOTTOM,
            W - RIGHT
        );
        for (v, label) in ticks(self.x0, self.x1, self.log, &[]) {
            let x = self.px(v);
            let _ = writeln!(
                body,
                "<path d=\"M{x:.1},{:.1} v5\" stroke=\"#000000\"/>",
                H - BOTTOM
            );
            text(body, x, H - BOTTOM + 18.0, "middle", &label);
        }
        for (v, label) in ticks(self.y0, self.y1, self.log, &c.y_names) {
            let y = self.py(v);
            let _ = writeln!(
                body,
                "<path d=\"M{LEFT:.1},{y:.1} h-5\" stroke=\"#000000\"/><path d=\"M{LEFT:.1},{y:.1} H{:.1}\" stroke=\"#eeeeee\"/>",
                W - RIGHT
            );
            text(body, LEFT - 8.0, y + 4.0, "end", &label);
        }
        text(
            body,
            (LEFT + W - RIGHT) / 2.0,
            H - 8.0,
            "middle",
            &c.x_label,
        );
        let _ = writeln!(
            body,
            "<text x=\"14\" y=\"{:.1}\" text-anchor=\"middle\" transform=\"rotate(-90 14 {:.1})\">{}</text>",
            (TOP + H - BOTTOM) / 2.0,
            (TOP + H - BOTTOM) / 2.0,
            escape(&c.y_label)
        );
    }

    /// The fitted curve (dashed, with its label) and the points joined by a line.
    fn series(&self, body: &mut String, pts: &[(f64, f64)], fit: &[(f64, f64)], label: &str) {
        let at = |xy: &[(f64, f64)]| -> String {
            xy.iter()
                .map(|&(x, y)| format!("{:.1},{:.1}", self.px(x), self.py(y)))
                .collect::<Vec<_>>()
                .join(" ")
        };
        if fit.len() >= 2 {
            let _ = writeln!(
                body,
                "<polyline class=\"fitted\" points=\"{}\" fill=\"none\" stroke=\"#d04040\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>",
                at(fit)
            );
            text(body, W - RIGHT - 4.0, TOP + 14.0, "end", label);
        }
        let _ = writeln!(
            body,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"#9ab\" stroke-width=\"1\"/>",
            at(pts)
        );
        for &(x, y) in pts {
            let _ = writeln!(
                body,
                "<circle class=\"point\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"3\" fill=\"#2a6fb0\"/>",
                self.px(x),
                self.py(y)
            );
        }
    }
}

/// The ticks of an axis from `lo` to `hi` (in the axis's units: log10 on a log axis),
/// with their labels: about six round values, or every named value.
fn ticks(lo: f64, hi: f64, log: bool, names: &[String]) -> Vec<(f64, String)> {
    if !names.is_empty() {
        return names
            .iter()
            .enumerate()
            .filter(|(k, _)| (*k as f64) >= lo - 1e-9 && (*k as f64) <= hi + 1e-9)
            .map(|(k, n)| (k as f64, n.clone()))
            .collect();
    }
    if log {
        let (a, b) = (lo.floor() as i32, hi.ceil() as i32);
        return (a..=b)
            .map(f64::from)
            .filter(|&e| e >= lo - 1e-9 && e <= hi + 1e-9)
            .map(|e| (e, format_number(10f64.powf(e))))
            .collect();
    }
    let span = hi - lo;
    let raw = span / 6.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag)
        .max(if span >= 1.0 { 1.0 } else { 0.0 });
    let step = if step <= 0.0 { 1.0 } else { step };
    let mut out = Vec::new();
    let mut v = (lo / step).ceil() * step;
    while v <= hi + 1e-9 && out.len() < 20 {
        out.push((v, format_number(v)));
        v += step;
    }
    out
}

/// A tick's number: whole numbers without decimals, small ones with few digits.
fn format_number(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 && v.abs() < 1e15 {
        format!("{}", v.round() as i64)
    } else if v.abs() >= 0.01 {
        format!("{v:.2}")
    } else {
        format!("{v:.0e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_is_drawn_with_the_axes_named() {
        let c = Chart {
            title: "paths".into(),
            x_label: "k".into(),
            y_label: "value".into(),
            points: (1..=12).map(|k| (k as f64, (k % 3) as f64)).collect(),
            shade: Some((4.0, 12.0, "period 3".into())),
            ..Chart::default()
        };
        let svg = chart_svg(&c);
        assert_eq!(svg.matches("class=\"point\"").count(), 12);
        assert!(svg.contains(">paths</text>") && svg.contains(">period 3</text>"));
        assert!(svg.contains("class=\"shade\""));
    }

    #[test]
    fn words_name_the_values_and_logs_take_decades() {
        let c = Chart {
            points: vec![(0.0, 0.0), (1.0, 1.0)],
            y_names: vec!["lose".into(), "win".into()],
            ..Chart::default()
        };
        let svg = chart_svg(&c);
        assert!(svg.contains(">lose</text>") && svg.contains(">win</text>"));
        let growth = Chart {
            points: vec![(10.0, 0.001), (1000.0, 0.1)],
            fitted: vec![(10.0, 0.001), (1000.0, 0.1)],
            fitted_label: "~ n^1.00".into(),
            hline: Some((2.0, "time limit 2 s".into())),
            log: true,
            ..Chart::default()
        };
        let svg = chart_svg(&growth);
        assert!(
            svg.contains(">1000</text>") && svg.contains(">0.01</text>"),
            "{svg}"
        );
        assert!(svg.contains("class=\"fitted\"") && svg.contains(">time limit 2 s</text>"));
        assert!(chart_svg(&Chart::default()).contains("no points to plot"));
    }
}
