//! TLE, explained: `grundy scale` (the growth rate of a program's CPU time on a doubling
//! series of inputs of one shape, fitted to c·n^E), `grundy hunt` (a search for the input
//! of the maximum size that is slowest for the program: every shape, then hill-climbing with
//! structural moves), and `grundy time` (time-limit calibration from reference solutions).
//! `grundy check` runs the growth measurement after a TLE on the failing shape.
//!
//! The wing: this module holds what the three share — the CPU measurements, the growth
//! fit ([`Growth`], [`measure`]) and the results the pages show — and imports none of
//! its files; [`scale`], [`hunt`] and [`time`] each run one command and write its page
//! with [`html`].
//!
//! Method of the growth measurement: the program's CPU time (user + system, from the
//! kernel), the median of `runs` runs, minus its start-up time (the median run on a
//! 2-vertex input), so that an interpreter's start-up does not flatten the curve. (The hunt
//! and `grundy time` take the fastest runs.)
//! Points below 2 ms of net time, or below the jitter of the start-up time (the spread of
//! the middle half of its runs), are too noisy to fit and are left out.

use crate::error::Error;
use crate::judge::{self, Verdict};
use crate::suite::Suite;
use grundy_fuzzing::gen::TreeShape;
use grundy_fuzzing::growth::{self, Fit};
use grundy_sandbox::runner::{self, RunLimits};

pub use axis::Axis;

pub mod axis;
pub mod html;
pub mod hunt;
pub mod scale;
pub mod time;

/// Net CPU times below this are not fitted.
pub(super) const NOISE: f64 = 0.002;

/// One timed run: CPU seconds, and whether it ran past the limit (or failed otherwise).
pub(super) fn cpu<S: Suite>(
    suite: &S,
    argv: &[String],
    limits: &RunLimits,
    input: &S::Input,
) -> Result<(f64, Option<Verdict>), Error> {
    if let Some(played) = suite.play(input, argv, limits) {
        // An interactive problem: the program's thinking time over the games.
        let (verdict, run, _) = played?;
        return Ok((
            run.cpu.as_secs_f64(),
            (verdict != Verdict::Ok).then_some(verdict),
        ));
    }
    let text = suite.write(input);
    let run = runner::run(argv, text.as_bytes(), limits);
    let verdict = judge::classify(&run, limits)?;
    Ok((run.cpu.as_secs_f64(), verdict))
}

/// CPU seconds of `runs` timed runs, sorted; a run past the limit (or failing otherwise)
/// ends the series, and its time and verdict are returned instead.
pub(super) fn sorted_cpu<S: Suite>(
    suite: &S,
    argv: &[String],
    limits: &RunLimits,
    input: &S::Input,
    runs: usize,
) -> Result<Result<Vec<f64>, (f64, Verdict)>, Error> {
    let mut times = Vec::new();
    for _ in 0..runs.max(1) {
        match cpu(suite, argv, limits, input)? {
            (t, Some(v)) => return Ok(Err((t, v))),
            (t, None) => times.push(t),
        }
    }
    times.sort_by(f64::total_cmp);
    Ok(Ok(times))
}

/// The fastest of `runs` timed runs (or the one past the limit).
pub(super) fn best_cpu<S: Suite>(
    suite: &S,
    argv: &[String],
    limits: &RunLimits,
    input: &S::Input,
    runs: usize,
) -> Result<(f64, Option<Verdict>), Error> {
    Ok(match sorted_cpu(suite, argv, limits, input, runs)? {
        Ok(times) => (times[0], None),
        Err((t, v)) => (t, Some(v)),
    })
}

/// The median of `runs` timed runs (or the one past the limit).
pub(super) fn median_cpu<S: Suite>(
    suite: &S,
    argv: &[String],
    limits: &RunLimits,
    input: &S::Input,
    runs: usize,
) -> Result<(f64, Option<Verdict>), Error> {
    Ok(match sorted_cpu(suite, argv, limits, input, runs)? {
        Ok(times) => (times[times.len() / 2], None),
        Err((t, v)) => (t, Some(v)),
    })
}

/// The least R² of a fit reported as an exponent.
pub(super) const MIN_R2: f64 = 0.9;

/// The growth of a program on one shape.
pub struct Growth {
    /// What grew: a shape's vertices, or the test cases.
    pub axis: Axis,
    /// `(size, net CPU seconds)` measured.
    pub points: Vec<(usize, f64)>,
    /// The fit, when enough points were above the noise.
    pub fit: Option<Fit>,
    /// The size at which a run went over the limit (or failed), if one did.
    pub stopped_at: Option<(usize, Verdict)>,
    /// The net CPU seconds of that run (past the limit for a TLE of CPU time; less for
    /// one stopped by the wall backstop).
    pub stopped_time: f64,
    /// Start-up CPU seconds subtracted.
    pub base: f64,
    /// The spread (slowest − fastest) of the start-up runs.
    pub jitter: f64,
    /// The largest size of the problem.
    pub max: usize,
    /// The input's other dimensions (an array's or a query list's length, the test
    /// cases) at the last size measured and at the size that stopped: where they grew
    /// with n, a bound is over the whole input, not over n alone.
    pub partners: Option<(Partners, Partners)>,
    /// The same dimensions at the first and the last size measured.
    pub series: Option<(Partners, Partners)>,
}

/// An input's dimensions besides its vertices: `(name, most)`.
pub type Partners = Vec<(&'static str, i64)>;

/// The dimensions of `input` besides the one growing along `axis` that its series does
/// not hold fixed: an array's or a query list's length, the test cases in one input.
pub(super) fn partners<S: Suite>(suite: &S, axis: &Axis, input: &S::Input) -> Partners {
    use crate::reach::Dim;
    let mut reach = crate::reach::Reach::default();
    suite.measure(input, &mut reach);
    [Dim::Length, Dim::Cases]
        .into_iter()
        .filter(|d| !(matches!(axis, Axis::Cases(_)) && *d == Dim::Cases))
        .filter_map(|d| reach.most(d).map(|m| (d.name(), m)))
        .collect()
}

/// The partners that grew by a quarter or more from `a` to `b`, in words (`length 3,100
/// → 6,250`); empty when none did.
pub(super) fn grew(a: &Partners, b: &Partners) -> String {
    a.iter()
        .zip(b)
        .filter(|((_, x), (_, y))| *y as f64 >= (*x).max(1) as f64 * 1.25)
        .map(|((name, x), (_, y))| format!("{name} {x} → {y}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Growth {
    /// A program that ran past the limit on the least size: no growth to measure.
    fn hung_at_start(axis: Axis, max: usize, t: f64, v: Verdict) -> Growth {
        Growth {
            stopped_at: Some((axis.least(), v)),
            axis,
            points: Vec::new(),
            fit: None,
            stopped_time: t,
            base: 0.0,
            jitter: 0.0,
            max,
            partners: None,
            series: None,
        }
    }

    /// Fits c·n^E to the points above the noise floor, when there are at least three.
    fn fit_above_floor(&mut self) {
        let floor = self.floor();
        let used: Vec<(f64, f64)> = self
            .points
            .iter()
            .filter(|p| p.1 >= floor)
            .map(|&(n, t)| (n as f64, t))
            .collect();
        if used.len() >= 3 {
            self.fit = growth::fit(&used);
        }
    }
    /// How bad a shape is, by what its runs showed: a run over the limit first (the
    /// smaller its size, the worse), then the time a trusted fit (R² at least
    /// [`MIN_R2`]) predicts at the maximum size, then, for a noisy fit or none, the
    /// slowest time measured.
    /// Two shapes stopped at the same size are told apart by their fits' predictions.
    fn badness(&self) -> (u8, f64, f64) {
        let predicted = match &self.fit {
            Some(f) if f.r2 >= MIN_R2 => Some(f.predict(self.max as f64)),
            _ => None,
        };
        let slowest = self.points.iter().map(|p| p.1).fold(0.0, f64::max);
        match (&self.stopped_at, predicted) {
            (Some((n, _)), p) => (2, -(*n as f64), p.unwrap_or(0.0)),
            (None, Some(p)) => (1, p, 0.0),
            (None, None) => (0, slowest, 0.0),
        }
    }

    /// True when this shape is worse than `other` ([`Growth::badness`]).
    pub fn worse_than(&self, other: &Growth) -> bool {
        let (a, b) = (self.badness(), other.badness());
        a.partial_cmp(&b) == Some(std::cmp::Ordering::Greater)
    }

    /// The smallest net time fitted.
    fn floor(&self) -> f64 {
        NOISE.max(self.jitter)
    }

    /// The one-line summary: `growth: n^E.EE on SHAPE (sizes A..B, fit R² X.XX)` and the
    /// prediction at the maximum size (over the test cases: `t^E.EE`, `t = A..B`).
    pub fn line(&self) -> String {
        let used: Vec<&(usize, f64)> = self.points.iter().filter(|p| p.1 >= self.floor()).collect();
        let slowest = self.points.iter().map(|p| p.1).fold(0.0, f64::max);
        let (x, on) = (self.axis.var(), self.axis.on());
        let mut s = match (&self.fit, used.first(), used.last()) {
            // A fit this loose is no exponent: the times scatter around any curve.
            (Some(f), Some(a), Some(b)) if f.r2 < MIN_R2 => format!(
                "growth: noisy {on} ({}: the best fit, {x}^{:.2}, has R² {:.2} < {MIN_R2}, so no exponent is claimed)",
                self.axis.range(a.0, b.0),
                f.exponent,
                f.r2
            ),
            (Some(f), Some(a), Some(b)) => format!(
                "growth: {x}^{:.2} {on} ({}, fit R² {:.2}{}); predicted at {x} = {}: {:.3} s",
                f.exponent,
                self.axis.range(a.0, b.0),
                f.r2,
                match self.series.as_ref().map(|(p, q)| grew(p, q)) {
                    Some(g) if !g.is_empty() =>
                        format!("; the input's {g} grew with {x}, so the exponent is over the whole input"),
                    _ => String::new(),
                },
                self.max,
                f.predict(self.max as f64) + self.base
            ),
            // Nothing measured: the least size tried already ran past the limit.
            _ if self.points.is_empty() => {
                let (n, v) = self
                    .stopped_at
                    .as_ref()
                    .map_or((0, String::new()), |(n, v)| (*n, v.to_string()));
                return format!(
                    "growth: none {on}: it does not finish on {x} = {n} ({v}): a hang, not a growth rate"
                );
            }
            _ if slowest < self.floor() => format!(
                "growth: too fast to measure {on} (at most {:.1} ms above start-up up to {x} = {}, below the noise floor of {:.1} ms)",
                slowest * 1e3,
                self.points.last().map_or(0, |p| p.0),
                self.floor() * 1e3
            ),
            _ => format!(
                "growth: not fitted {on} (only {} of {} sizes above the noise floor of {:.1} ms; at most {:.1} ms above start-up up to {x} = {})",
                used.len(),
                self.points.len(),
                self.floor() * 1e3,
                slowest * 1e3,
                self.points.last().map_or(0, |p| p.0)
            ),
        };
        s += &self.stop_words(slowest);
        s
    }

    /// Where the series stopped and why, and what the TLE bounds (`slowest`: the slowest
    /// time measured before it).
    fn stop_words(&self, slowest: f64) -> String {
        let Some((n, v)) = &self.stopped_at else {
            return String::new();
        };
        let x = self.axis.var();
        let mut s = String::new();
        s += &format!("; stopped at {x} = {n}: {v}");
        // The TLE is a measurement too: from the last size measured to it, the time
        // grew at least this fast. The last size's time is bounded above by the
        // slowest time measured up to it (a time below the noise counted at the
        // noise floor), so the bound is one the runs support.
        if let (true, Some(&(last, _))) = (matches!(v, Verdict::TimeLimit(..)), self.points.last())
        {
            let t = slowest.max(self.floor());
            if *n > last && self.stopped_time > t {
                let e = (self.stopped_time / t).ln() / (*n as f64 / last as f64).ln();
                // A bound over n holds only where the input's other dimensions did
                // not grow with it.
                let others = self
                    .partners
                    .as_ref()
                    .map(|(a, b)| grew(a, b))
                    .unwrap_or_default();
                if others.is_empty() {
                    s += &format!("; so at least {x}^{e:.1} between {x} = {last} and {n}");
                } else {
                    s += &format!(
                        "; from {x} = {last} to {n} the input's {others} grew too, so no bound over {x} alone is claimed (over the whole input: at least its size^{e:.1})"
                    );
                }
            }
        }
        s
    }
}

/// The input of size `n` along `axis` (`None`: the problem has no such inputs).
fn along<S: Suite>(suite: &S, axis: &Axis, n: usize, seed: u64) -> Option<Result<S::Input, Error>> {
    match axis {
        Axis::Shape(shape) => suite.sized(*shape, n, seed),
        Axis::Cases(_) => suite.with_cases(n, seed),
    }
}

/// The axis of the test cases, when an input of the problem holds several.
pub fn cases_axis<S: Suite>(suite: &S) -> Option<Axis> {
    suite.cases_axis().map(|(name, _)| Axis::Cases(name))
}

/// Measures the growth of `argv` along `axis` (sizes doubling up to the maximum; stops
/// at the first run over the limit).
pub fn measure<S: Suite>(
    suite: &S,
    argv: &[String],
    limits: &RunLimits,
    axis: &Axis,
    runs: usize,
    seed: u64,
) -> Result<Option<Growth>, Error> {
    let max = match axis {
        Axis::Shape(_) => suite.max_size(),
        Axis::Cases(_) => suite.cases_axis().map_or(1, |(_, most)| most),
    };
    let Some(small) = along(suite, axis, axis.least(), seed) else {
        return Ok(None);
    };
    // The start-up: even a program that fails on the least input has started up; one
    // that runs past the limit there hangs, and has no growth to measure.
    let starts = match sorted_cpu(suite, argv, limits, &small?, runs.max(5))? {
        Ok(times) => times,
        Err((t, v)) if matches!(v, Verdict::TimeLimit(..)) => {
            return Ok(Some(Growth::hung_at_start(axis.clone(), max, t, v)));
        }
        Err((t, _)) => vec![t],
    };
    let base = starts[starts.len() / 2];
    // The spread of the middle half of the start-up runs.
    let jitter = starts[starts.len() * 3 / 4] - starts[starts.len() / 4];
    let sizes = doubling_sizes(max);
    let mut points = Vec::new();
    let mut stopped_at = None;
    let mut stopped_time = 0.0;
    let mut last_partners = None;
    let mut first_partners = None;
    let mut partner_pair = None;
    for n in sizes {
        let input = match along(suite, axis, n, seed) {
            Some(i) => i?,
            None => break,
        };
        let here = partners(suite, axis, &input);
        let (t, v) = median_cpu(suite, argv, limits, &input, runs)?;
        if let Some(v) = v {
            // The run's own CPU time: a run stopped by the wall backstop (asleep, or
            // waiting) used less than the limit, and tells nothing of the growth.
            stopped_time = (t - base).max(0.0);
            stopped_at = Some((n, v));
            partner_pair = last_partners.take().map(|a| (a, here));
            break;
        }
        points.push((n, (t - base).max(0.0)));
        if first_partners.is_none() {
            first_partners = Some(here.clone());
        }
        last_partners = Some(here);
    }
    let series = first_partners.zip(last_partners.clone());
    let mut g = Growth {
        axis: axis.clone(),
        points,
        fit: None,
        stopped_at,
        stopped_time,
        base,
        jitter,
        max,
        partners: partner_pair,
        series,
    };
    g.fit_above_floor();
    Ok(Some(g))
}

/// The sizes of a growth series: doubling from max/128 (at least 64), then the maximum.
fn doubling_sizes(max: usize) -> Vec<usize> {
    let mut sizes = Vec::new();
    let mut n = (max / 128).max(64).min(max);
    while n * 10 < max * 9 {
        sizes.push(n);
        n *= 2;
    }
    sizes.push(max);
    sizes
}

/// The slowest input the hunt found.
pub struct Slowest<I> {
    /// The input.
    pub input: I,
    /// Its CPU seconds (the limit when it ran over).
    pub seconds: f64,
    /// How it was made.
    pub how: String,
    /// The verdict when the run did not end normally (TLE, …).
    pub verdict: Option<Verdict>,
    /// The climb: every start measured, then every step that made the input slower
    /// (what was done, and the CPU seconds after it).
    pub climb: Vec<(String, f64)>,
    /// The candidates measured in all.
    pub tried: usize,
}

/// Shortens a long list of moves for a report (`…, then re-hung … (x12)`).
pub fn summarize_how(how: &str) -> String {
    let parts: Vec<&str> = how.split(", then ").collect();
    let mut out: Vec<String> = vec![parts[0].to_string()];
    let mut i = 1;
    while i < parts.len() {
        let mut j = i;
        while j < parts.len() && parts[j] == parts[i] {
            j += 1;
        }
        out.push(if j - i > 1 {
            format!("{} (x{})", parts[i], j - i)
        } else {
            parts[i].to_string()
        });
        i = j;
    }
    out.join(", then ")
}

/// One reference's times, for the page of `grundy time`.
pub struct Timed {
    /// The reference's command.
    pub reference: String,
    /// Each input measured (its label) and the CPU seconds (the best of two runs; the
    /// hunt's slowest input last).
    pub times: Vec<(String, f64)>,
    /// Its line of the report (its slowest test).
    pub line: String,
    /// Its slowest CPU time, in seconds.
    pub slowest: f64,
}

/// A limit judges would set: at least 2x (here 2.5x) the slowest reference, rounded up to
/// a multiple of 0.5 s (at least 1 s).
pub fn recommend(slowest: f64) -> f64 {
    ((slowest * 2.5) / 0.5).ceil().max(2.0) * 0.5
}

/// The shapes grundy knows, in the order they are measured.
pub(super) const SHAPES: [TreeShape; 6] = [
    TreeShape::Chain,
    TreeShape::Star,
    TreeShape::Caterpillar,
    TreeShape::Binary,
    TreeShape::Deep,
    TreeShape::RandomParent,
];

#[cfg(test)]
mod tests {
    use super::*;

    fn growth(fit: Option<Fit>, stopped: Option<usize>, t: f64) -> Growth {
        Growth {
            axis: Axis::Shape(TreeShape::Chain),
            points: vec![(1000, 0.01), (2000, 0.02), (4000, 0.04)],
            fit,
            stopped_at: stopped
                .map(|n| (n, Verdict::TimeLimit(crate::judge::Over::Cpu, "2 s".into()))),
            stopped_time: t,
            base: 0.01,
            jitter: 0.0,
            max: 100_000,
            partners: None,
            series: None,
        }
    }

    /// A bound over n is claimed only where the input's other dimensions held still: an
    /// O(n·t) program whose t grew with n once read "at least n^4.0".
    #[test]
    fn no_bound_over_n_when_the_other_dimensions_grew() {
        let mut g = growth(None, Some(8000), 3.0);
        g.partners = Some((vec![("length", 3100)], vec![("length", 6250)]));
        let line = g.line();
        assert!(
            line.contains("from n = 4000 to 8000 the input's length 3100 → 6250 grew too, so no bound over n alone is claimed"),
            "{line}"
        );
        assert!(!line.contains("so at least n^"), "{line}");
        g.partners = Some((vec![("length", 3100)], vec![("length", 3200)]));
        assert!(g.line().contains("so at least n^"), "{}", g.line());
    }

    /// A TLE at the next size is a measured lower bound on the growth; a loose fit is
    /// called noisy, with no exponent claimed.
    #[test]
    fn a_tle_is_a_lower_bound_and_a_loose_fit_is_no_exponent() {
        let line = growth(None, Some(8000), 2.0).line();
        // From 0.04 s at 4000 to at least 2 s at 8000: at least n^5.6.
        assert!(
            line.contains("so at least n^5.6 between n = 4000 and 8000"),
            "{line}"
        );
        let loose = Fit {
            exponent: 0.67,
            c: 1.0,
            r2: 0.2,
        };
        let line = growth(Some(loose), None, 0.0).line();
        assert!(line.contains("noisy on chain"), "{line}");
        assert!(!line.contains("predicted"), "{line}");
    }

    /// The lower bound is taken from the slowest time measured up to the last size (a
    /// last time that came out low once gave "at least n^9.5" for a quadratic program),
    /// and "too fast to measure" is said only below the noise floor.
    #[test]
    fn the_bound_uses_the_times_measured_and_measurable_times_are_not_too_fast() {
        let mut g = growth(None, Some(12496), 2.014);
        g.points = vec![(1562, 0.0612), (3124, 0.2448), (6248, 0.0021)];
        let line = g.line();
        // ln(2.014 / 0.2448) / ln 2 = 3.04, not ln(2.014 / 0.0021) / ln 2 = 9.9.
        assert!(
            line.contains("so at least n^3.0 between n = 6248 and 12496"),
            "{line}"
        );
        assert!(!line.contains("too fast"), "{line}");
        assert!(line.contains("not fitted on chain"), "{line}");
        g.points = vec![(1000, 0.0005), (2000, 0.001)];
        assert!(g.line().contains("too fast to measure"), "{}", g.line());
    }

    /// A program past the limit on the least size hangs: no growth rate is claimed.
    #[test]
    fn a_hang_on_the_least_size_is_no_growth_rate() {
        let mut g = growth(None, Some(2), 4.0);
        g.points.clear();
        let line = g.line();
        assert!(
            line.contains("it does not finish on n = 2 (TLE: 2 s): a hang, not a growth rate"),
            "{line}"
        );
        assert!(!line.contains("n^"), "{line}");
    }

    /// The worst shape is chosen with what the runs showed: a TLE at a smaller size beats
    /// one at a larger size, which beats any fit; a trusted fit by its prediction at the
    /// maximum; a noisy fit's exponent counts for nothing.
    #[test]
    fn the_worst_shape_is_chosen_with_the_bounds() {
        let fit = |exponent: f64, r2: f64| {
            Some(Fit {
                exponent,
                c: 1e-9,
                r2,
            })
        };
        let early = growth(None, Some(8000), 2.0);
        let late = growth(None, Some(64000), 2.0);
        assert!(early.worse_than(&late) && !late.worse_than(&early));
        let steep = growth(fit(2.0, 0.99), None, 0.0);
        assert!(late.worse_than(&steep));
        let gentle = growth(fit(1.0, 0.99), None, 0.0);
        assert!(steep.worse_than(&gentle));
        // A loose fit's exponent of 3 says nothing: its slowest run (0.04 s) is compared.
        let noisy = growth(fit(3.0, 0.2), None, 0.0);
        assert!(steep.worse_than(&noisy));
    }
}
